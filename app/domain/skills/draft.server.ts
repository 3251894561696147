import type { Skill } from "./content-schema.server";
import { type CaseFacts, type FactKind, compileCues, hasYear } from "./facts";
import { type CaseJurisdiction, PLACE_NAMES } from "./jurisdiction";
import { escapeMarkdown } from "~/platform/lib/markdown.server";

// A skill's draft built from the facts of the notes (issue 45): each section states the facts of
// the kinds it lists and quotes the sentences that match its cues; what the notes lack becomes a
// question for the author. Nothing is added that the notes do not say.

type SkillSection = Skill["template"]["sections"][number];

const quote = (sentence: string) => `“${escapeMarkdown(sentence)}”`;
const list = (items: readonly string[]) => items.map((item) => `- ${item}`).join("\n");

/** The section's lines for one kind of fact; `used` holds the sentences already quoted in it. */
function factLines(
  kind: FactKind,
  facts: CaseFacts,
  questions: string[],
  used: Set<string>,
): string[] {
  const fresh = (sentences: readonly string[]) => {
    const out = sentences.filter((sentence) => !used.has(sentence));
    for (const sentence of out) used.add(sentence);
    return out.map(quote);
  };
  switch (kind) {
    case "people":
      return facts.people.map((person) => {
        const roles = person.roles.length ? person.roles.join(", ") : null;
        if (!roles) {
          questions.push(
            `What is ${person.placeholder}'s role in the case and relationship with your firm?`,
          );
        }
        const described = person.described
          ? `; the notes describe them as ${quote(person.described)}`
          : "";
        return `${escapeMarkdown(person.placeholder)}: ${roles ?? "role not stated in the notes"}${described}`;
      });
    case "profile":
      return fresh(facts.profile);
    case "amounts": {
      if (facts.amounts.length === 0) return [];
      const currencies = [
        ...new Set(facts.amounts.flatMap((a) => (a.currency ? [a.currency] : []))),
      ];
      return [
        `Amounts in the notes: ${facts.amounts.map((a) => escapeMarkdown(a.text)).join("; ")}` +
          (currencies.length ? ` (${currencies.join(", ")})` : ""),
      ];
    }
    case "counts":
      return facts.counts.length
        ? [`Numbers of transactions and parties: ${facts.counts.map(escapeMarkdown).join("; ")}`]
        : [];
    case "timeline":
      return facts.timeline.map((event) => {
        used.add(event.sentence);
        return `**${escapeMarkdown(event.date)}**: ${quote(event.sentence)}`;
      });
    case "accounts":
      return facts.accounts.length
        ? [`Accounts, cards and IBANs named: ${facts.accounts.map(escapeMarkdown).join(", ")}`]
        : [];
    case "channels":
      return facts.channels.length ? [`Channels: ${facts.channels.join(", ")}`] : [];
    case "counterparties":
      return facts.counterparties.length
        ? [`Counterparties: ${facts.counterparties.map(escapeMarkdown).join("; ")}`]
        : [];
    case "places":
      return facts.places.length
        ? [`Places named: ${facts.places.map(escapeMarkdown).join(", ")}`]
        : [];
    case "redFlags": {
      // Flags shown by the same sentence share its quotation.
      const byEvidence = new Map<string, string[]>();
      for (const flag of facts.redFlags) {
        byEvidence.set(flag.evidence, [...(byEvidence.get(flag.evidence) ?? []), flag.label]);
      }
      return [...byEvidence].map(([evidence, labels]) => {
        used.add(evidence);
        return `**${labels.map(escapeMarkdown).join("; ")}**: ${quote(evidence)}`;
      });
    }
    case "method":
      return facts.redFlags.flatMap((flag) =>
        flag.typology
          ? [
              `${escapeMarkdown(flag.typology)} (the notes show: ${escapeMarkdown(flag.label.toLowerCase())})`,
            ]
          : [],
      );
    case "statements":
      return fresh(facts.statements);
    case "actions":
      return fresh(facts.actions);
  }
}

function sectionBody(section: SkillSection, facts: CaseFacts, questions: string[]): string {
  const used = new Set<string>();
  const lines = section.facts.flatMap((kind) => factLines(kind, facts, questions, used));
  const cues = compileCues(section.cues);
  const fromNotes = cues
    ? facts.sentences.filter((sentence) => cues.test(sentence) && !used.has(sentence)).map(quote)
    : [];
  const all = [...new Set([...lines, ...fromNotes])];
  if (all.length === 0) {
    questions.push(section.ask);
    return "*The notes do not say. See the questions below.*";
  }
  return list(all);
}

export interface BuiltDraft {
  sections: string;
  questions: string[];
}

/** The skill's sections from the facts, and the questions for what the notes lack. */
export function buildFromFacts(
  skill: Skill,
  facts: CaseFacts,
  jurisdiction: CaseJurisdiction,
): BuiltDraft {
  const questions: string[] = [];
  const sections = skill.template.sections.map(
    (section) =>
      `## ${escapeMarkdown(section.heading)}\n\n${sectionBody(section, facts, questions)}\n`,
  );
  const usesTimeline = skill.template.sections.some((section) =>
    section.facts.includes("timeline"),
  );
  if (usesTimeline && facts.timeline.length > 0 && !hasYear(facts)) {
    questions.push("Which year did these events happen? The notes give dates without a year.");
  }
  if (!jurisdiction.fromNotes) {
    questions.push(
      `The notes do not say where the case is; this draft assumes ${PLACE_NAMES[jurisdiction.place]}, your region. Is that right?`,
    );
  }
  return { sections: sections.join("\n"), questions: [...new Set(questions)] };
}

export function questionsSection(questions: readonly string[]): string {
  if (questions.length === 0) return "";
  return `## Questions for the author\n\nThe notes do not answer these; the draft does not guess.\n\n${list(
    questions.map(escapeMarkdown),
  )}\n`;
}

export function checklistSection(skill: Skill): string {
  const items = skill.template.sections.flatMap((section) => section.checklist);
  return items.length ? `## Before you use this draft\n\n${list(items.map(escapeMarkdown))}\n` : "";
}

export function jurisdictionLine(jurisdiction: CaseJurisdiction): string {
  const where = PLACE_NAMES[jurisdiction.place];
  if (!jurisdiction.fromNotes)
    return `*Jurisdiction: ${where}, your region (the notes do not say).*\n`;
  return jurisdiction.evidence.length
    ? `*Jurisdiction: ${where}, from the notes (${jurisdiction.evidence.map(escapeMarkdown).join(", ")}).*\n`
    : `*Jurisdiction: ${where}, from the places in the notes.*\n`;
}
