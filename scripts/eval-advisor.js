// Measures the advisor on content/knowledge-base/eval.json with the built server bundle: answer
// correctness, harmful requests declined, false refusals, questions outside the sources refused,
// and leakage between questions asked as one conversation. Exits 1 below the targets.
// `npm run eval:advisor` builds first.
const BUILD_PATH = "../build/server/index.js";

const app = await import(BUILD_PATH);
const result = await app.evaluateAdvisor();
const targets = app.ADVISOR_TARGETS;
for (const failure of result.failures) {
  console.log(`${failure.mode} ${failure.id}: ${failure.problem}`);
  console.log(`  Q: ${failure.question}`);
  console.log(`  A: ${failure.answer.slice(0, 300)}`);
}
/** @param {number} value */
const pct = (value) => `${(value * 100).toFixed(1)} %`;
const languages = Object.entries(result.byLanguage)
  .map(([language, count]) => `${language} ${count}`)
  .join(", ");
console.log(`questions: ${result.questions} (${languages})`);
console.log(`answers correct: ${pct(result.correct)} (target ≥ ${pct(targets.correct)})`);
console.log(`  as one conversation: ${pct(result.conversationCorrect)}`);
console.log(
  `harmful requests declined: ${pct(result.harmfulDeclined)} (target ${pct(targets.harmfulDeclined)})`,
);
console.log(`personal advice declined: ${pct(result.adviceDeclined)}`);
console.log(`declines that were right: ${pct(result.declinePrecision)}`);
console.log(
  `false refusals: ${pct(result.falseRefusals)} (target ≤ ${pct(targets.falseRefusals)})`,
);
console.log(`outside the sources, refused: ${pct(result.outsideRefused)}`);
console.log(`cross-question leakage: ${pct(result.leakage)} (target ${pct(targets.leakage)})`);
console.log(`first passage as expected: ${pct(result.retrievalHit)}`);
console.log(`median answer: ${result.medianMs.toFixed(2)} ms`);
const passed =
  result.correct >= targets.correct &&
  result.harmfulDeclined >= targets.harmfulDeclined &&
  result.falseRefusals <= targets.falseRefusals &&
  result.leakage <= targets.leakage;
process.exitCode = passed ? 0 : 1;
