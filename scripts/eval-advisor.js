// Measures the ESG Advisor's retrieval on content/knowledge-base/eval.json with the built server
// bundle: recall@3 over the questions the knowledge base answers, and the share of out-of-scope
// questions it refuses. Targets: 0.9 each. `npm run eval:advisor` builds first.
const BUILD_PATH = "../build/server/index.js";
const TARGET = 0.9;

const app = await import(BUILD_PATH);
const result = app.evaluateAdvisor();
for (const miss of result.misses) {
  console.log(`miss: ${miss.question}`);
  console.log(
    `  expected ${miss.expected.join(", ") || "a refusal"}; found ${miss.found.join(", ") || "nothing"}`,
  );
}
console.log(`questions: ${result.questions}`);
console.log(`recall@3: ${result.recallAt3.toFixed(3)} (target ${TARGET})`);
console.log(`out-of-scope refusals: ${result.refusalRate.toFixed(3)} (target ${TARGET})`);
console.log(`retrieval: median ${result.retrievalMedianMs.toFixed(2)} ms a question`);
process.exitCode = result.recallAt3 >= TARGET && result.refusalRate >= TARGET ? 0 : 1;
