// Narration synthesised offline (ARCHITECTURE "Generated media"): eSpeak NG compiled to
// WebAssembly speaks the transcript, LAME (also WebAssembly, `wasm-media-encoders`) encodes it to
// MP3. Both are loaded only when media are built, never by the running server.

import type { ContentLanguage } from "~/domain/training/index.server";

/**
 * The eSpeak NG voice that reads each content language, from those the bundled espeak-ng ships
 * (`espeak-ng --voices`); a language without one keeps the English narration. eSpeak has no
 * Canadian French voice: French (France) reads fr-CA.
 */
export const NARRATION_VOICES: Partial<Record<ContentLanguage, string>> = {
  en: "en-gb",
  "fr-CA": "fr-fr",
  ms: "ms",
  zh: "cmn",
  ta: "ta",
  vi: "vi",
  th: "th",
};

/** What the speech and the encoder are set to; part of every cached narration's key. */
export const NARRATION_SETTINGS = {
  wordsPerMinute: 160,
  kbps: 48,
  /** The MP3 encoder; a new one re-encodes every cached narration. */
  encoder: "wasm-media-encoders 0.7.0",
  /** eSpeak's gap between paragraphs, in 10 ms units. */
  wordGap: 1,
} as const;

export interface Narration {
  mp3: Uint8Array;
  seconds: number;
}

/** The samples of a 16-bit mono WAV file, and its rate. */
function readWav(wav: Uint8Array): { samples: Int16Array; rate: number } {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const rate = view.getUint32(24, true);
  let offset = 12;
  while (offset + 8 <= wav.byteLength) {
    const id = String.fromCharCode(...wav.subarray(offset, offset + 4));
    const length = view.getUint32(offset + 4, true);
    if (id === "data") {
      // eSpeak streams its WAV and may leave the length at its maximum: read to the end.
      const end = Math.min(offset + 8 + length, wav.byteLength);
      const bytes = wav.slice(offset + 8, end - ((end - offset - 8) % 2));
      return { samples: new Int16Array(bytes.buffer), rate };
    }
    offset += 8 + length;
  }
  throw new Error("the synthesiser's WAV has no data");
}

export async function synthesise(text: string, voice = "en-gb"): Promise<Narration> {
  const [{ default: ESpeakNg }, { createMp3Encoder }] = await Promise.all([
    import("espeak-ng"),
    import("wasm-media-encoders"),
  ]);
  const errors: string[] = [];
  const espeak = await ESpeakNg({
    arguments: [
      "-v",
      voice,
      "-s",
      String(NARRATION_SETTINGS.wordsPerMinute),
      "-g",
      String(NARRATION_SETTINGS.wordGap),
      "-w",
      "/narration.wav",
      "-f",
      "/narration.txt",
    ],
    preRun: [(module) => module.FS.writeFile("/narration.txt", text)],
    print: () => {},
    printErr: (line) => errors.push(line),
  });
  let wav: Uint8Array;
  try {
    wav = espeak.FS.readFile("/narration.wav");
  } catch {
    throw new Error(`speech synthesis failed: ${errors.join("; ")}`);
  }
  const { samples, rate } = readWav(wav);
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate: rate, channels: 1, bitrate: NARRATION_SETTINGS.kbps });
  const chunks: Uint8Array[] = [];
  // The encoder takes floats in [-1, 1]; a block of frames at a time. What it returns lives in
  // its own memory until the next call, so each piece is copied out.
  const block = 1152 * 64;
  const pcm = new Float32Array(block);
  for (let start = 0; start < samples.length; start += block) {
    const piece = samples.subarray(start, start + block);
    for (let index = 0; index < piece.length; index += 1) pcm[index] = (piece[index] ?? 0) / 32768;
    chunks.push(encoder.encode([pcm.subarray(0, piece.length)]).slice());
  }
  chunks.push(encoder.finalize().slice());
  const mp3 = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    mp3.set(chunk, at);
    at += chunk.length;
  }
  return { mp3, seconds: Math.round((samples.length / rate) * 100) / 100 };
}
