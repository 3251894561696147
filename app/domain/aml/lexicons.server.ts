import { getLogger } from "~/platform/lib/logger.server";
import { type GradingLanguage, type Lexicon, LexiconSchema } from "./lexicon-schema";
import { type Readers, cuesOf } from "./reading";
import { getTranslations } from "./packs.server";

// The grader's lexicons (content/compliance-packs/lexicon/*.json), read and checked once per
// process. A lexicon that fails its schema is left out and logged: answers in that language are
// then read with English alone.

const files = import.meta.glob<unknown>("../../../content/compliance-packs/lexicon/*.json", {
  eager: true,
  import: "default",
});

let readers: Readers | undefined;

export function getReaders(): Readers {
  if (!readers) {
    const lexicons = new Map<GradingLanguage, Lexicon>();
    for (const [file, data] of Object.entries(files)) {
      const parsed = LexiconSchema.safeParse(data);
      if (parsed.success) lexicons.set(parsed.data.language, parsed.data);
      else {
        const problems = parsed.error.issues.slice(0, 5).map((issue) => issue.path.join("."));
        getLogger().error({ file, problems }, "grading lexicon");
      }
    }
    const cues = new Map([...lexicons].map(([language, lexicon]) => [language, cuesOf(lexicon)]));
    readers = { lexicons, cues, caseTexts: getTranslations().caseTexts };
  }
  return readers;
}
