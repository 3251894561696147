import evalQuestions from "../../../content/knowledge-base/eval.json";
import { EvalSchema } from "./knowledge-schema.server";
import { MAX_PASSAGES, retrieve } from "./retrieval.server";

// The advisor's retrieval measured on content/knowledge-base/eval.json: recall@3 over the questions
// the knowledge base answers (the share of their expected passages among the first three found), and
// how often a question outside it is refused.

export interface AdvisorEvaluation {
  questions: number;
  recallAt3: number;
  refusalRate: number;
  /** The median time of one retrieval, in milliseconds. */
  retrievalMedianMs: number;
  misses: { question: string; expected: string[]; found: string[] }[];
}

export function evaluateAdvisor(): AdvisorEvaluation {
  const questions = EvalSchema.parse(evalQuestions);
  const misses: AdvisorEvaluation["misses"] = [];
  let recall = 0;
  let answerable = 0;
  let refused = 0;
  let outOfScope = 0;
  const times: number[] = [];
  for (const { question, expected } of questions) {
    const started = performance.now();
    const retrieval = retrieve(question);
    times.push(performance.now() - started);
    const found = retrieval.passages.slice(0, MAX_PASSAGES).map((hit) => hit.passage.id);
    if (expected.length === 0) {
      outOfScope += 1;
      if (found.length === 0) refused += 1;
      else misses.push({ question, expected, found });
      continue;
    }
    answerable += 1;
    const share = expected.filter((id) => found.includes(id)).length / expected.length;
    recall += share;
    if (share < 1) misses.push({ question, expected, found });
  }
  return {
    questions: questions.length,
    recallAt3: answerable ? recall / answerable : 0,
    refusalRate: outOfScope ? refused / outOfScope : 0,
    retrievalMedianMs: times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0,
    misses,
  };
}
