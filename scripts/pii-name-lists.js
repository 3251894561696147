// Writes app/domain/skills/pii-given-names.json and pii-family-names.json: given and family
// names in Latin letters (English, French, Indonesian and Malay, Indian, and the other locales
// below) that the PII scrubber adds to its own short lists (pii-names.ts). A listed given name
// before a capitalised word makes a name ("Stéphanie Ouellet", "Agus Setiawan"), and so does a
// listed family name after one ("Jonalyn Reyes"), so a word that is also an ordinary one is left
// out of both: any word the product's own text
// writes in lower case (pii-ordinary-words.json), any lower-case word of Debian's English and
// French word lists, and places. The names come from the person data of @faker-js/faker (MIT),
// which is not a dependency of the product: install it for the run only.
//
// Run: npm install --no-save @faker-js/faker@9.9.0 && node scripts/pii-name-lists.js
// (needs Debian's wamerican and wfrench: apt-get install wamerican wfrench)
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const SKILLS = path.join(ROOT, "app/domain/skills");
// Canada's and the region's people come from everywhere: Europe's, Africa's, Turkey's and Central
// Asia's names in Latin letters too.
const LOCALES = [
  "en",
  "fr",
  "id_ID",
  "en_IN",
  "af_ZA",
  "az",
  "cs_CZ",
  "da",
  "de",
  "de_AT",
  "de_CH",
  "en_AU",
  "en_GH",
  "en_NG",
  "en_ZA",
  "es",
  "es_MX",
  "fi",
  "fr_BE",
  "fr_CH",
  "fr_SN",
  "hr",
  "hu",
  "it",
  "lv",
  "nb_NO",
  "nl",
  "nl_BE",
  "pl",
  "pt_BR",
  "pt_PT",
  "ro",
  "ro_MD",
  "sk",
  "sr_RS_latin",
  "sv",
  "tr",
  "uz_UZ_latin",
  "yo_NG",
  "zu_ZA",
];
const DICTIONARIES = ["/usr/share/dict/american-english", "/usr/share/dict/french"];
// Given names that are also places or titles the notes and the course name in capitals.
const PLACES = new Set(
  `Africa America Asia Austin Bali Carolina China Dakota Europa Florida Georgia Houston India
  Jakarta Java Kanada London Malaysia Paris Sydney Victoria Virginia Warta`.split(/\s+/u),
);
const SHAPE = /^\p{Lu}\p{Ll}{2,}(?:-\p{Lu}\p{Ll}+)?$/u;
const LATIN = /^\p{Script=Latin}+(?:-\p{Script=Latin}+)?$/u;

// Not a dependency: resolved at run time only (hence the name in a variable).
const FAKER = "@faker-js/faker";
/** @type {{ allLocales: Record<string, { person?: { first_name?: unknown, last_name?: unknown } }> }} */
const { allLocales } = await import(FAKER);
for (const dictionary of DICTIONARIES) {
  if (!existsSync(dictionary)) throw new Error(`${dictionary} is missing: apt-get install it`);
}
/** @type {Set<string>} */
const ordinary = new Set(
  JSON.parse(readFileSync(path.join(ROOT, "app/domain/skills/pii-ordinary-words.json"), "utf8")),
);
for (const dictionary of DICTIONARIES) {
  for (const word of readFileSync(dictionary, "utf8").split("\n")) {
    if (/^\p{Ll}/u.test(word)) ordinary.add(word);
  }
}

/** @param {unknown} value @returns {string[]} */
const flat = (value) =>
  Array.isArray(value)
    ? value.map(String)
    : value && typeof value === "object"
      ? Object.values(value).flatMap(flat)
      : [];

/** @param {"first_name" | "last_name"} part @param {string} file */
function write(part, file) {
  const names = new Set(
    LOCALES.flatMap((locale) => flat(allLocales[locale]?.person?.[part])).filter(
      (name) =>
        SHAPE.test(name) &&
        LATIN.test(name) &&
        !ordinary.has(name.toLowerCase()) &&
        !PLACES.has(name),
    ),
  );
  const out = path.join(SKILLS, file);
  writeFileSync(out, `${JSON.stringify([...names].sort())}\n`);
  console.log(`${names.size} names written to ${path.relative(ROOT, out)}`);
}
write("first_name", "pii-given-names.json");
write("last_name", "pii-family-names.json");
