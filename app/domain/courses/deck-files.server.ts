import { readFile } from "node:fs/promises";
import path from "node:path";
import parseRange from "range-parser";
import { href } from "react-router";
import { getLearner } from "~/domain/training/index.server";
import { getEsgCourse } from "./esg-course.server";
import { DOCS_PATH, mediaDir, readManifest } from "./media.server";
import { loadCompletion } from "./progress.server";

// GET /docs/modules/<course>/<file>: a course deck. The preview (the first 3 pages) is for anyone;
// the full deck for signed-in learners only (SPEC §5), and as a download once they have completed
// the course. Ranges are honoured, so the viewer fetches the pages it shows, not the whole file.

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function signInPage(request: Request, status: 403, message: string): Response {
  const url = new URL(request.url);
  const courseUrl = `/courses/${url.pathname.split("/")[3] ?? ""}`;
  const signIn = `${href("/login")}?redirectTo=${encodeURIComponent(courseUrl)}`;
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Sign in to read the full deck</title><main><h1>Sign in to read the full deck</h1><p>${message}</p><p><a href="${signIn}">Sign in</a> · <a href="${courseUrl}">Back to the course</a></p></main></html>`;
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

// Decks are small and never change under their hashed names: each is read from disk once.
const read = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
function deckBytes(courseId: string, fileName: string): Promise<Uint8Array<ArrayBuffer>> {
  const file = path.join(mediaDir(), DOCS_PATH, courseId, fileName);
  let bytes = read.get(file);
  if (!bytes) {
    bytes = readFile(file).then((buffer) => new Uint8Array(buffer));
    bytes.catch(() => read.delete(file));
    read.set(file, bytes);
  }
  return bytes;
}

export async function serveDeckFile(
  request: Request,
  courseId: string,
  fileName: string,
): Promise<Response> {
  const media = (await readManifest())?.courses[courseId];
  const deck = Object.values(media?.decks ?? {}).find((candidate) =>
    Object.values(candidate.languages).some(
      (files) => files.file === fileName || files.preview === fileName,
    ),
  );
  if (!deck) return new Response("Not found", { status: 404 });
  const isPreview = Object.values(deck.languages).some((files) => files.preview === fileName);
  const download = new URL(request.url).searchParams.has("download");

  if (!isPreview || download) {
    const learner = await getLearner(request);
    if (learner.kind !== "user") {
      return signInPage(
        request,
        403,
        `A signed-out visitor may read the first ${deck.previewPages} pages of each deck. Sign in to read all ${deck.pages}.`,
      );
    }
    if (download) {
      const completion =
        learner.id && courseId === getEsgCourse().id
          ? await loadCompletion(learner.id, courseId)
          : null;
      if (!completion) {
        return signInPage(
          request,
          403,
          "The deck can be downloaded once you have completed the course.",
        );
      }
    }
  }

  const bytes = await deckBytes(courseId, fileName);
  const headers = new Headers({
    "Content-Type": "application/pdf",
    "Accept-Ranges": "bytes",
    "Cache-Control": `${isPreview && !download ? "public" : "private"}, max-age=${YEAR_SECONDS}, immutable`,
    "X-Content-Type-Options": "nosniff",
  });
  if (download) {
    headers.set(
      "Content-Disposition",
      `attachment; filename="${courseId}-${fileName.replace(/-[0-9a-f]{12}/, "")}"`,
    );
  }
  const range = request.headers.get("Range");
  if (range) {
    const ranges = parseRange(bytes.byteLength, range, { combine: true });
    if (ranges === -1) {
      headers.set("Content-Range", `bytes */${bytes.byteLength}`);
      return new Response(null, { status: 416, headers });
    }
    if (ranges !== -2 && ranges.length === 1 && ranges[0]) {
      const { start, end } = ranges[0];
      headers.set("Content-Range", `bytes ${start}-${end}/${bytes.byteLength}`);
      headers.set("Content-Length", String(end - start + 1));
      return new Response(bytes.subarray(start, end + 1), { status: 206, headers });
    }
  }
  headers.set("Content-Length", String(bytes.byteLength));
  return new Response(bytes, { status: 200, headers });
}
