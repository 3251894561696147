import { readFile } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/platform/lib/env.server";
import { getLogger } from "~/platform/lib/logger.server";
import { z } from "~/platform/lib/zod";
import type { ContentLanguage } from "~/domain/training/index.server";
import type { CourseMediaView } from "./types";

// The course media the build made (media-build.server.ts): a manifest of hashed file names under
// MEDIA_DIR. Public previews and narrations are files anyone may fetch; full decks are served by
// the docs route to signed-in learners only. Each deck and narration is built in every course
// language it can be (a narration needs an eSpeak voice); a reader whose language has none gets
// the English, marked as such.

export const DOCS_PATH = "/docs/modules";
export const AUDIO_PATH = "/audio/modules";
/** SPEC §9: what a signed-out visitor may read of a deck. */
export const PREVIEW_PAGES = 3;

const file = z.string().regex(/^[a-z0-9-]+\.(pdf|mp3|txt)$/);
const deckFiles = z.strictObject({
  title: z.string(),
  file,
  preview: file,
  bytes: z.number().int().positive(),
});
const narrationFiles = z.strictObject({
  file,
  transcript: file,
  seconds: z.number().positive(),
  bytes: z.number().int().positive(),
});
/** Per content language, English always among them. */
const perLanguage = <T extends z.ZodType>(entry: T) =>
  z.record(z.string(), entry).refine((languages) => "en" in languages, "no English");
export const ManifestSchema = z.strictObject({
  version: z.literal(2),
  courses: z.record(
    z.string(),
    z.strictObject({
      decks: z.record(
        z.string(),
        z.strictObject({
          pages: z.number().int().positive(),
          previewPages: z.number().int().positive(),
          languages: perLanguage(deckFiles),
        }),
      ),
      audio: z.record(z.string(), perLanguage(narrationFiles)),
    }),
  ),
});
export type MediaManifest = z.infer<typeof ManifestSchema>;

export const mediaDir = () => path.resolve(getEnv().MEDIA_DIR);
export const manifestPath = () => path.join(mediaDir(), "manifest.json");

let manifest: Promise<MediaManifest | null> | undefined;

/** The manifest, read once per process; null (and logged) when the build made none. */
export function readManifest(): Promise<MediaManifest | null> {
  manifest ??= readFile(manifestPath(), "utf8").then(
    (text) => ManifestSchema.parse(JSON.parse(text)),
    (error: unknown) => {
      getLogger().warn({ err: error }, "no course media: run npm run build");
      return null;
    },
  );
  return manifest;
}

/** Forgets the manifest read, after the media are built again in the same process. */
export function forgetManifest(): void {
  manifest = undefined;
}

/** A file in the reader's language, else the English one, with the language it is in. */
function inLanguage<T>(
  languages: Record<string, T>,
  language: ContentLanguage,
): { lang: string; entry: T } {
  const entry = languages[language];
  if (entry) return { lang: language, entry };
  return { lang: "en", entry: languages.en as T };
}

export async function courseMediaView(
  courseId: string,
  language: ContentLanguage,
): Promise<CourseMediaView> {
  const media = (await readManifest())?.courses[courseId];
  if (!media) return { language, decks: {}, audio: {} };
  const docs = `${DOCS_PATH}/${courseId}`;
  const audio = `${AUDIO_PATH}/${courseId}`;
  return {
    language,
    decks: Object.fromEntries(
      Object.entries(media.decks).map(([id, deck]) => {
        const { lang, entry } = inLanguage(deck.languages, language);
        return [
          id,
          {
            title: entry.title,
            lang,
            pages: deck.pages,
            previewPages: deck.previewPages,
            previewUrl: `${docs}/${entry.preview}`,
            fullUrl: `${docs}/${entry.file}`,
          },
        ];
      }),
    ),
    audio: Object.fromEntries(
      Object.entries(media.audio).map(([id, languages]) => {
        const { lang, entry } = inLanguage(languages, language);
        return [
          id,
          {
            lang,
            url: `${audio}/${entry.file}`,
            transcriptUrl: `${audio}/${entry.transcript}`,
            seconds: entry.seconds,
          },
        ];
      }),
    ),
  };
}
