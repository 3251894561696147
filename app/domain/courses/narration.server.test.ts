import { describe, expect, it } from "vitest";
import { synthesise } from "./narration.server";

describe("narration", () => {
  it("speaks a transcript into an MP3 whose length follows the text", async () => {
    const short = await synthesise("Govern, map, measure and manage.");
    const long = await synthesise(
      "Govern, map, measure and manage. The four functions of the framework apply across the whole life of an AI system, from design to retirement.",
    );
    // An MPEG audio frame starts with eleven set bits.
    expect(short.mp3[0]).toBe(0xff);
    expect((short.mp3[1] ?? 0) & 0xe0).toBe(0xe0);
    expect(short.seconds).toBeGreaterThan(1);
    expect(long.seconds).toBeGreaterThan(short.seconds * 2);
    expect(long.mp3.byteLength).toBeGreaterThan(short.mp3.byteLength * 2);
  }, 30_000);
});
