import type { Jurisdiction, KbLanguage, QuestionType } from "./knowledge-schema.server";
import {
  REGULATORS,
  conceptsIn,
  namesOtherPlace,
  opensFollowUp,
  placesIn,
  questionTypesOf,
} from "./lexicon.server";

// What a question asks, worked out before anything is searched: the concepts it uses, the places
// it names, the kind of fact it wants, and whether it only follows up the question before it.
// Each question stands on its own; the conversation is read only for an explicit follow-up
// ("and in Malaysia?"), never to fill in for a question nothing was found for.

export interface PastTurn {
  sender: "user" | "bot";
  text: string;
}

export interface Understanding {
  /** The words searched for (a follow-up's include the question it follows). */
  text: string;
  concepts: Set<string>;
  places: Jurisdiction[];
  types: QuestionType[];
  /** It names a place the sources do not cover (and none they do). */
  otherPlace: boolean;
  /** It was read together with the question before it. */
  followUp: boolean;
}

/** At most eight words and 60 characters. */
const isShort = (question: string) =>
  question.trim().split(/\s+/).length <= 8 && question.trim().length <= 60;

function alone(question: string, language?: KbLanguage): Understanding {
  return {
    text: question,
    concepts: conceptsIn(question, language),
    places: placesIn(question),
    types: questionTypesOf(question),
    otherPlace: namesOtherPlace(question),
    followUp: false,
  };
}

export function understand(
  question: string,
  history: readonly PastTurn[] = [],
  language?: KbLanguage,
): Understanding {
  const own = alone(question, language);
  const previous = history.findLast((turn) => turn.sender === "user");
  // A follow-up is short, names a place and nothing else of the field: "and in Malaysia?",
  // "แล้วมาเลเซียล่ะ", "and for FINTRAC?".
  const followsUp =
    previous !== undefined &&
    opensFollowUp(question) &&
    isShort(question) &&
    (own.places.length > 0 || own.otherPlace) &&
    [...own.concepts].every((concept) => REGULATORS.has(concept));
  if (!followsUp) return own;
  const before = alone(previous.text, language);
  return {
    text: `${previous.text} ${question}`,
    concepts: before.concepts,
    places: own.places,
    types: own.types.length > 0 ? own.types : before.types,
    otherPlace: own.otherPlace,
    followUp: true,
  };
}
