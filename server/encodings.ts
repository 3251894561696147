import type { IncomingMessage } from "node:http";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import Negotiator from "negotiator";

// How responses are compressed: the encoding a request accepts, and the settings for a body
// compressed as it is sent (docs/decisions/012, 033).

const ENCODINGS = ["br", "gzip", "identity"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** negotiator 0.6 breaks ties between equal q-values by our order; its types omit that argument. */
type RankingNegotiator = Negotiator & {
  encoding(available: string[], preferred: string[]): string | undefined;
};

export function pickEncoding(req: IncomingMessage): Encoding {
  const available: string[] = [...ENCODINGS];
  const chosen = (new Negotiator(req) as RankingNegotiator).encoding(available, available);
  // Nothing acceptable (`identity;q=0` alone): the plain bytes still beat a 406.
  return ENCODINGS.find((encoding) => encoding === chosen) ?? "identity";
}

/**
 * Brotli for a body compressed per response. Its default window is 4 MB, allocated for every
 * response; our pages are tens of kilobytes, so a 256 KB window compresses them the same for a
 * fraction of the memory and time. Quality 3 of 11 compresses a 49 KB page in about half the time
 * of quality 4 (0.4 against 0.8 ms here) for 5 % more bytes (12.5 against 11.9 KB).
 */
export const RESPONSE_BROTLI_PARAMS = {
  [zlib.BROTLI_PARAM_QUALITY]: 3,
  [zlib.BROTLI_PARAM_LGWIN]: 18,
};

/** Below this many bytes a body goes as it is: compressing it would save less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/** A whole body compressed in one step, with the settings of a compressed stream. */
export function compressWhole(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === "br") {
    return brotliCompressSync(body, {
      params: { ...RESPONSE_BROTLI_PARAMS, [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
    });
  }
  return encoding === "gzip" ? gzipSync(body) : body;
}
