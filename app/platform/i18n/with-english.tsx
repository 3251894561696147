// A translated sentence around a value that stays English (a case's hint, a source's title): the
// value is marked lang="en", so a screen reader switches voice for it and nothing else.
const MARK = "\u2063";

export function WithEnglish({
  sentence,
  value,
  lang = "en",
}: {
  /** The translated sentence, given what to put where the value goes. */
  sentence: (value: string) => string;
  value: string;
  /** The value's language where it is not English (a translated content text). */
  lang?: string;
}) {
  const [before = "", after = ""] = sentence(MARK).split(MARK);
  return (
    <>
      {before}
      <span lang={lang}>{value}</span>
      {after}
    </>
  );
}
