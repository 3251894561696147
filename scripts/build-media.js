// Builds the course decks (PDF) and narrations (MP3, with their transcripts) into MEDIA_DIR
// (build/media), from the course content, with the built server bundle: `npm run build` runs it
// after the bundle. Narrations are cached in node_modules/.cache/kestrel-media by what they say,
// so only a changed transcript is synthesised again.
const BUILD_PATH = "../build/server/index.js";

const started = Date.now();
try {
  const app = await import(BUILD_PATH);
  await app.buildCourseMedia({ log: (/** @type {string} */ line) => console.log(line) });
  console.log(`course media built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(error instanceof Error && error.name === "EnvError" ? error.message : error);
  process.exit(1);
}
