import { Transform } from "node:stream";
import { getLogger } from "./logger.server";
import type { RequestHtmlReuse } from "./reused-html.server";

/** Where a document goes: whole, when React finished it at once, or else as a stream. */
export interface DocumentSink {
  whole(document: Buffer): void;
  streaming(): void;
}

/**
 * React writes a finished part of the page as many 2 KB chunks in one go, and the adapter flushes
 * every chunk through compression (a brotli flush each time). Passing on what arrived in one turn
 * of the event loop as one chunk keeps the streaming, with one compressed write per flush of React
 * instead of one per 2 KB (docs/decisions/012). A document React finished before that turn ended
 * (nothing left waiting on data) goes whole instead, so the server can compress it in one step
 * (docs/decisions/033). Each chunk passes through the request's HTML reuse (docs/decisions/030);
 * when that fails, the response ends there and the error is logged.
 */
export function coalesceWrites(
  reuse: RequestHtmlReuse | null,
  url: string,
  sink: DocumentSink,
): Transform {
  /** A chunk as sent; the error that ends the response, logged, if there is one. */
  const cut = (chunk: Buffer): Buffer | Error => {
    try {
      return reuse ? reuse.cut(chunk) : chunk;
    } catch (error) {
      getLogger().error({ err: error, url }, "render failed");
      return error as Error;
    }
  };
  let pending: Buffer[] = [];
  let scheduled = false;
  let streaming = false;
  const startStreaming = () => {
    if (streaming) return;
    streaming = true;
    sink.streaming();
  };
  /** Passes on what is pending as one chunk, as a stream; answers the error that ends it, if any. */
  const stream = (transform: Transform): Error | undefined => {
    startStreaming();
    if (pending.length === 0) return undefined;
    const chunk = cut(Buffer.concat(pending));
    pending = [];
    if (chunk instanceof Error) return chunk;
    transform.push(chunk);
    return undefined;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (pending.length === 0) return;
          const failed = stream(this);
          if (failed) this.destroy(failed);
        });
      }
      callback();
    },
    flush(callback) {
      if (streaming) {
        callback(stream(this));
        return;
      }
      const document = cut(Buffer.concat(pending));
      pending = [];
      if (document instanceof Error) {
        // The response ends with the error, as a stream that has sent nothing.
        startStreaming();
        callback(document);
        return;
      }
      sink.whole(document);
      callback();
    },
  });
}
