// Trains the PII scrubber's model of people's names and writes app/domain/skills/pii-model.json
// (decision 064): `npm run train:pii`, after a change to the labelled notes, the name lists or the
// features. The training is in tests/fixtures/pii/train.ts, loaded through Vite's module runner as
// `npm run eval:pii` loads the corpus.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { runnerImport } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const { module: training } = await runnerImport(path.join(root, "tests/fixtures/pii/train.ts"), {
  configFile: false,
  root,
  logLevel: "error",
  resolve: { alias: { "~": path.join(root, "app") } },
});
const started = performance.now();
const model = training.trainModel(undefined, (/** @type {string} */ line) => console.log(line));
const out = path.join(root, "app/domain/skills/pii-model.json");
// Written as prettier writes it, so the file passes the format check as it comes.
writeFileSync(out, `${JSON.stringify(model, null, 2)}\n`);
console.log(
  `${path.relative(root, out)} written in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
