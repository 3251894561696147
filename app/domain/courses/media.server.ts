import { readFile } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/platform/lib/env.server";
import { getLogger } from "~/platform/lib/logger.server";
import { z } from "~/platform/lib/zod";
import type { CourseMediaView } from "./types";

// The course media the build made (media-build.server.ts): a manifest of hashed file names under
// MEDIA_DIR. Public previews and narrations are files anyone may fetch; full decks are served by
// the docs route to signed-in learners only.

export const DOCS_PATH = "/docs/modules";
export const AUDIO_PATH = "/audio/modules";
/** SPEC §9: what a signed-out visitor may read of a deck. */
export const PREVIEW_PAGES = 3;

const file = z.string().regex(/^[a-z0-9-]+\.(pdf|mp3|txt)$/);
export const ManifestSchema = z.strictObject({
  version: z.literal(1),
  courses: z.record(
    z.string(),
    z.strictObject({
      decks: z.record(
        z.string(),
        z.strictObject({
          title: z.string(),
          file,
          preview: file,
          pages: z.number().int().positive(),
          previewPages: z.number().int().positive(),
          bytes: z.number().int().positive(),
        }),
      ),
      audio: z.record(
        z.string(),
        z.strictObject({
          file,
          transcript: file,
          seconds: z.number().positive(),
          bytes: z.number().int().positive(),
        }),
      ),
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

export async function courseMediaView(courseId: string): Promise<CourseMediaView> {
  const media = (await readManifest())?.courses[courseId];
  if (!media) return { decks: {}, audio: {} };
  const docs = `${DOCS_PATH}/${courseId}`;
  const audio = `${AUDIO_PATH}/${courseId}`;
  return {
    decks: Object.fromEntries(
      Object.entries(media.decks).map(([id, deck]) => [
        id,
        {
          title: deck.title,
          pages: deck.pages,
          previewPages: deck.previewPages,
          previewUrl: `${docs}/${deck.preview}`,
          fullUrl: `${docs}/${deck.file}`,
        },
      ]),
    ),
    audio: Object.fromEntries(
      Object.entries(media.audio).map(([id, narration]) => [
        id,
        {
          url: `${audio}/${narration.file}`,
          transcriptUrl: `${audio}/${narration.transcript}`,
          seconds: narration.seconds,
        },
      ]),
    ),
  };
}
