import { describe, expect, it } from "vitest";
import { synthesise } from "./narration.server";

/** Layer III bit rates (kbit/s) by header index, for MPEG-1 and for MPEG-2 and 2.5. */
const KBPS = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/**
 * Walks an MP3's frames from its first byte to its last (ISO 11172-3 / 13818-3 headers), and
 * says how many seconds of audio they hold; throws where a frame header is not where the last
 * frame's length says it is.
 */
function walkFrames(mp3: Uint8Array): { frames: number; seconds: number; kbps: Set<number> } {
  let at = 0;
  let frames = 0;
  let seconds = 0;
  const kbps = new Set<number>();
  while (at < mp3.length) {
    const [b0 = 0, b1 = 0, b2 = 0] = mp3.subarray(at, at + 3);
    if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0 || ((b1 >> 1) & 3) !== 1) {
      throw new Error(`no Layer III frame header at byte ${at}`);
    }
    const version = (b1 >> 3) & 3;
    const rates = RATES[version as keyof typeof RATES];
    const rate = rates?.[(b2 >> 2) & 3];
    const bitrate = (version === 3 ? KBPS.mpeg1 : KBPS.mpeg2)[b2 >> 4];
    if (!rate || !bitrate) throw new Error(`a malformed frame header at byte ${at}`);
    const samples = version === 3 ? 1152 : 576;
    at += Math.floor(((samples / 8) * bitrate * 1000) / rate) + ((b2 >> 1) & 1);
    frames += 1;
    seconds += samples / rate;
    kbps.add(bitrate);
  }
  if (at !== mp3.length) throw new Error("the last frame runs past the end of the file");
  return { frames, seconds, kbps };
}

describe("narration", () => {
  it("speaks a transcript into an MP3 whose length follows the text", async () => {
    const short = await synthesise("Govern, map, measure and manage.");
    const long = await synthesise(
      "Govern, map, measure and manage. The four functions of the framework apply across the whole life of an AI system, from design to retirement.",
    );
    expect(short.seconds).toBeGreaterThan(1);
    expect(long.seconds).toBeGreaterThan(short.seconds * 2);
    expect(long.mp3.byteLength).toBeGreaterThan(short.mp3.byteLength * 2);
  }, 30_000);

  it("is whole MP3 frames end to end, at 48 kbit/s, as long as the speech", async () => {
    const { mp3, seconds } = await synthesise(
      "Le cadre de gestion des risques se lit en quatre fonctions.",
      "fr-fr",
    );
    const walked = walkFrames(mp3);
    expect([...walked.kbps]).toEqual([48]);
    // The encoder's own header frame and its padding at the end add at most a tenth of a second.
    expect(walked.seconds).toBeGreaterThanOrEqual(seconds);
    expect(walked.seconds - seconds).toBeLessThan(0.15);
  }, 30_000);
});
