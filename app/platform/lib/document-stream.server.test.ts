import { describe, expect, it } from "vitest";
import { coalesceWrites } from "./document-stream.server";

// How a rendered document leaves the renderer: whole when it was finished at once, else streamed
// one chunk per turn of the event loop.

function sinkOf() {
  const seen: { whole?: string; streaming: number } = { streaming: 0 };
  return {
    seen,
    sink: {
      whole: (document: Buffer) => {
        seen.whole = document.toString("utf8");
      },
      streaming: () => {
        seen.streaming += 1;
      },
    },
  };
}

/** Everything the stream passes on, once it ends. */
function readAll(stream: NodeJS.ReadableStream): Promise<string[]> {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  return new Promise((resolve, reject) => {
    stream.on("end", () => resolve(chunks));
    stream.on("error", reject);
  });
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("coalesceWrites", () => {
  it("hands over a document written and ended in one go whole, and streams nothing", async () => {
    const { seen, sink } = sinkOf();
    const stream = coalesceWrites(null, "/page", sink);
    const read = readAll(stream);
    stream.write("<!DOCTYPE html><html>");
    stream.write("<body>all here</body>");
    stream.end("</html>");
    expect(await read).toEqual([]);
    expect(seen).toEqual({
      whole: "<!DOCTYPE html><html><body>all here</body></html>",
      streaming: 0,
    });
  });

  it("streams a document still being written after a turn, one chunk per turn", async () => {
    const { seen, sink } = sinkOf();
    const stream = coalesceWrites(null, "/page", sink);
    const read = readAll(stream);
    stream.write("<!DOCTYPE html><html>");
    stream.write("<body>shell");
    await nextTurn();
    await nextTurn();
    expect(seen).toEqual({ streaming: 1 });
    stream.write(" and the rest</body>");
    stream.end("</html>");
    expect(await read).toEqual(["<!DOCTYPE html><html><body>shell", " and the rest</body></html>"]);
    expect(seen).toEqual({ streaming: 1 });
  });
});
