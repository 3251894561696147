// Writes app/domain/skills/pii-ordinary-words.json: the words in Latin letters that the product's
// own text (course content and dictionaries, in English, Malay, French and Vietnamese) writes in
// lower case. A capitalised word among them is an ordinary word at the start of a title ("Penal
// Code", "Royal Gazette"), not a name; the scrubber reads the list where nothing else tells a name
// from a term. Only prose is read (strings of three words or more, not ids or answer keys), and
// words inside addresses and emails ("k.varga@…", "/docs/…") are left out.
//
// Run after content changes: node scripts/pii-ordinary-words.js
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, "app/domain/skills/pii-ordinary-words.json");
const WORD = /(?<![\p{L}\p{M}@./_-])\p{Ll}[\p{Ll}\p{M}]{2,}(?![\p{L}\p{M}@_/-]|\.\p{L})/gu;
const LATIN = /^[a-zß-ÿĀ-ɏḀ-ỿ]+$/u;

/** @returns {Generator<string>} */
function* jsonFiles(/** @type {string} */ dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* jsonFiles(file);
    else if (name.endsWith(".json")) yield file;
  }
}

/**
 * The prose of a JSON file: its strings of three words or more (not ids, keys or answers).
 * @returns {Generator<string>}
 */
function* prose(/** @type {unknown} */ value) {
  if (typeof value === "string") {
    if (value.trim().split(/\s+/u).length >= 3) yield value;
  } else if (Array.isArray(value)) {
    for (const item of value) yield* prose(item);
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) yield* prose(item);
  }
}

const words = new Set();
for (const dir of ["content", "locales"]) {
  for (const file of jsonFiles(path.join(ROOT, dir))) {
    for (const text of prose(JSON.parse(readFileSync(file, "utf8")))) {
      for (const [word] of text.matchAll(WORD)) {
        if (LATIN.test(word)) words.add(word);
      }
    }
  }
}
writeFileSync(OUT, `${JSON.stringify([...words].sort())}\n`);
console.log(`${words.size} ordinary words written to ${path.relative(ROOT, OUT)}`);
