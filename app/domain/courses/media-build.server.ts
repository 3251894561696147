import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { CONTENT_LANGUAGES, type ContentLanguage, localize } from "~/domain/training/index.server";
import type { Course, Deck } from "./content-schema.server";
import {
  type DeckLabels,
  deckContents,
  deckLabels,
  deckRenderer,
  previewPdf,
  renderDeckPdf,
} from "./deck-pdf.server";
import { getEsgCourse } from "./esg-course.server";
import {
  AUDIO_PATH,
  DOCS_PATH,
  type MediaManifest,
  PREVIEW_PAGES,
  forgetManifest,
  mediaDir,
} from "./media.server";
import { NARRATION_SETTINGS, NARRATION_VOICES, synthesise } from "./narration.server";

// Builds every course's decks and narrations into MEDIA_DIR with hashed names, and the manifest the
// server reads (ARCHITECTURE "Generated media are built, not hand-placed"), in every course
// language (docs/decisions/053). Narrations are cached by what they say and how, decks by what
// they draw and the code that draws them, so a build after a content edit makes only what changed.

const hash = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** Each narration's transcript in one language, as read and as shown beside the player. */
export function narrationTranscripts(
  course: Course,
  language: ContentLanguage,
): { id: string; text: string }[] {
  const text = (narration: Course["overview"]["narration"]) =>
    [narration.title, ...narration.paragraphs]
      .map((paragraph) => localize(paragraph, language))
      .join("\n\n");
  return [
    { id: "overview", text: text(course.overview.narration) },
    ...course.frameworks.map((framework) => ({
      id: framework.id,
      text: text(framework.narration),
    })),
  ];
}

async function cached(
  cacheDir: string,
  key: string,
  names: string[],
  make: () => Promise<Uint8Array[]>,
): Promise<Uint8Array[]> {
  const paths = names.map((name) => path.join(cacheDir, `${key}${name}`));
  try {
    return (await Promise.all(paths.map((file) => readFile(file)))).map(
      (bytes) => new Uint8Array(bytes),
    );
  } catch {
    const made = await make();
    await mkdir(cacheDir, { recursive: true });
    await Promise.all(made.map((bytes, index) => writeFile(paths[index] ?? "", bytes)));
    return made;
  }
}

async function cachedNarration(text: string, voice: string, cacheDir: string) {
  const key = hash(JSON.stringify({ NARRATION_SETTINGS, voice, text }));
  const [mp3 = new Uint8Array(), meta = new Uint8Array()] = await cached(
    cacheDir,
    key,
    [".mp3", ".json"],
    async () => {
      const narration = await synthesise(text, voice);
      const seconds = new TextEncoder().encode(JSON.stringify({ seconds: narration.seconds }));
      return [narration.mp3, seconds];
    },
  );
  const { seconds } = JSON.parse(new TextDecoder().decode(meta)) as { seconds: number };
  return { mp3, seconds };
}

async function cachedDeck(
  course: Course,
  deck: Deck,
  language: ContentLanguage,
  labels: DeckLabels,
  cacheDir: string,
) {
  const key = hash(
    JSON.stringify({
      contents: deckContents(course, deck, language, labels),
      code: deckRenderer(),
    }),
  );
  const [full = new Uint8Array(), preview = new Uint8Array()] = await cached(
    path.join(cacheDir, "decks"),
    key,
    [".pdf", "-preview.pdf"],
    async () => {
      const pdf = await renderDeckPdf(course, deck, language, labels);
      return [pdf, await previewPdf(pdf, PREVIEW_PAGES, language, labels)];
    },
  );
  return { full, preview };
}

export interface BuildMediaOptions {
  /** Where synthesised narrations are kept between builds. */
  cacheDir?: string;
  /** Decks only: for tests that need the files a signed-out visitor and a learner get. */
  decksOnly?: boolean;
  /** The languages to build (English always among them); every course language by default. */
  languages?: readonly ContentLanguage[];
  log?: (line: string) => void;
}

export async function buildCourseMedia(options: BuildMediaOptions = {}): Promise<MediaManifest> {
  const out = mediaDir();
  const cacheDir = options.cacheDir ?? path.resolve("node_modules/.cache/kestrel-media");
  const log = options.log ?? (() => {});
  const manifest: MediaManifest = { version: 2, courses: {} };
  await rm(out, { recursive: true, force: true });
  for (const course of [getEsgCourse()]) {
    const docsDir = path.join(out, DOCS_PATH, course.id);
    const audioDir = path.join(out, AUDIO_PATH, course.id);
    await Promise.all([mkdir(docsDir, { recursive: true }), mkdir(audioDir, { recursive: true })]);
    const entry: MediaManifest["courses"][string] = { decks: {}, audio: {} };
    const languages = CONTENT_LANGUAGES.filter(
      (language) =>
        language === "en" || (options.languages ?? CONTENT_LANGUAGES).includes(language),
    );
    for (const language of languages) {
      const labels = await deckLabels(language);
      for (const deck of course.decks) {
        const { full, preview } = await cachedDeck(course, deck, language, labels, cacheDir);
        const tag = hash(full).slice(0, 12);
        const file = `${deck.id}-${language.toLowerCase()}-${tag}.pdf`;
        const previewFile = `${deck.id}-${language.toLowerCase()}-${tag}-preview.pdf`;
        await writeFile(path.join(docsDir, file), full);
        await writeFile(path.join(docsDir, previewFile), preview);
        const built = (entry.decks[deck.id] ??= {
          pages: deck.pages,
          previewPages: Math.min(PREVIEW_PAGES, deck.pages),
          languages: {},
        });
        built.languages[language] = {
          title: localize(deck.title, language),
          file,
          preview: previewFile,
          bytes: full.byteLength,
        };
        log(
          `${course.id}: deck ${deck.id} (${language}), ${deck.pages} pages, ${Math.round(full.byteLength / 1024)} KB`,
        );
      }
    }
    if (!options.decksOnly) {
      for (const language of languages) {
        const voice = NARRATION_VOICES[language];
        if (!voice) continue;
        for (const { id, text } of narrationTranscripts(course, language)) {
          const narration = await cachedNarration(text, voice, cacheDir);
          const tag = hash(narration.mp3).slice(0, 12);
          const file = `${id}-${language.toLowerCase()}-${tag}.mp3`;
          const transcript = `${id}-${language.toLowerCase()}-${tag}.txt`;
          await writeFile(path.join(audioDir, file), narration.mp3);
          await writeFile(path.join(audioDir, transcript), `${text}\n`);
          (entry.audio[id] ??= {})[language] = {
            file,
            transcript,
            seconds: narration.seconds,
            bytes: narration.mp3.byteLength,
          };
          log(`${course.id}: narration ${id} (${language}), ${narration.seconds.toFixed(0)} s`);
        }
      }
    }
    manifest.courses[course.id] = entry;
  }
  await writeFile(path.join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  forgetManifest();
  return manifest;
}
