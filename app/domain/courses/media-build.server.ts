import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Course } from "./content-schema.server";
import { previewPdf, renderDeckPdf } from "./deck-pdf.server";
import { getEsgCourse } from "./esg-course.server";
import {
  AUDIO_PATH,
  DOCS_PATH,
  type MediaManifest,
  PREVIEW_PAGES,
  forgetManifest,
  mediaDir,
} from "./media.server";
import { NARRATION_SETTINGS, synthesise } from "./narration.server";

// Builds every course's decks and narrations into MEDIA_DIR with hashed names, and the manifest the
// server reads (ARCHITECTURE "Generated media are built, not hand-placed"). Narrations are cached
// by what they say and how, so a build after a content edit synthesises only what changed.

const hash = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** Each narration's transcript, as read and as shown beside the player. */
export function narrationTranscripts(course: Course): { id: string; text: string }[] {
  const text = (narration: Course["overview"]["narration"]) =>
    [narration.title.en, ...narration.paragraphs.map((paragraph) => paragraph.en)].join("\n\n");
  return [
    { id: "overview", text: text(course.overview.narration) },
    ...course.frameworks.map((framework) => ({
      id: framework.id,
      text: text(framework.narration),
    })),
  ];
}

async function cachedNarration(text: string, cacheDir: string) {
  const key = hash(JSON.stringify({ NARRATION_SETTINGS, text }));
  const mp3Path = path.join(cacheDir, `${key}.mp3`);
  const metaPath = path.join(cacheDir, `${key}.json`);
  try {
    const [mp3, meta] = await Promise.all([readFile(mp3Path), readFile(metaPath, "utf8")]);
    return { mp3: new Uint8Array(mp3), seconds: (JSON.parse(meta) as { seconds: number }).seconds };
  } catch {
    const narration = await synthesise(text);
    await mkdir(cacheDir, { recursive: true });
    await writeFile(mp3Path, narration.mp3);
    await writeFile(metaPath, JSON.stringify({ seconds: narration.seconds }));
    return narration;
  }
}

export interface BuildMediaOptions {
  /** Where synthesised narrations are kept between builds. */
  cacheDir?: string;
  /** Decks only: for tests that need the files a signed-out visitor and a learner get. */
  decksOnly?: boolean;
  log?: (line: string) => void;
}

export async function buildCourseMedia(options: BuildMediaOptions = {}): Promise<MediaManifest> {
  const out = mediaDir();
  const cacheDir = options.cacheDir ?? path.resolve("node_modules/.cache/kestrel-media");
  const log = options.log ?? (() => {});
  const manifest: MediaManifest = { version: 1, courses: {} };
  await rm(out, { recursive: true, force: true });
  for (const course of [getEsgCourse()]) {
    const docsDir = path.join(out, DOCS_PATH, course.id);
    const audioDir = path.join(out, AUDIO_PATH, course.id);
    await Promise.all([mkdir(docsDir, { recursive: true }), mkdir(audioDir, { recursive: true })]);
    const entry: MediaManifest["courses"][string] = { decks: {}, audio: {} };
    for (const deck of course.decks) {
      const full = await renderDeckPdf(course, deck);
      const preview = await previewPdf(full, PREVIEW_PAGES);
      const tag = hash(full).slice(0, 12);
      const file = `${deck.id}-${tag}.pdf`;
      const previewFile = `${deck.id}-${tag}-preview.pdf`;
      await writeFile(path.join(docsDir, file), full);
      await writeFile(path.join(docsDir, previewFile), preview);
      entry.decks[deck.id] = {
        title: deck.title.en,
        file,
        preview: previewFile,
        pages: deck.pages,
        previewPages: Math.min(PREVIEW_PAGES, deck.pages),
        bytes: full.byteLength,
      };
      log(
        `${course.id}: deck ${deck.id}, ${deck.pages} pages, ${Math.round(full.byteLength / 1024)} KB`,
      );
    }
    if (!options.decksOnly) {
      for (const { id, text } of narrationTranscripts(course)) {
        const narration = await cachedNarration(text, cacheDir);
        const tag = hash(narration.mp3).slice(0, 12);
        const file = `${id}-${tag}.mp3`;
        const transcript = `${id}-${tag}.txt`;
        await writeFile(path.join(audioDir, file), narration.mp3);
        await writeFile(path.join(audioDir, transcript), `${text}\n`);
        entry.audio[id] = {
          file,
          transcript,
          seconds: narration.seconds,
          bytes: narration.mp3.byteLength,
        };
        log(`${course.id}: narration ${id}, ${narration.seconds.toFixed(0)} s`);
      }
    }
    manifest.courses[course.id] = entry;
  }
  await writeFile(path.join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  forgetManifest();
  return manifest;
}
