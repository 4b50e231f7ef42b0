import { describe, expect, it } from "vitest";
import { watchAsEventStream } from "./watch-stream";

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = "";
  const decoder = new TextDecoder();
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk);
  return text;
}

type V = { n: number; done: boolean };

describe("watchAsEventStream", () => {
  it("sends each change once and ends when the value is final", async () => {
    const values: V[] = [
      { n: 1, done: false },
      { n: 1, done: false },
      { n: 2, done: false },
      { n: 3, done: true },
    ];
    let i = 0;
    const sleeps: number[] = [];
    const text = await readAll(
      watchAsEventStream({
        load: async () => values[i++],
        isFinal: (v) => v.done,
        signal: new AbortController().signal,
        intervalMs: 250,
        sleep: async (ms) => void sleeps.push(ms),
      }),
    );
    expect(text).toBe(
      'retry: 1000\n\nevent: update\ndata: {"n":1,"done":false}\n\nevent: update\ndata: {"n":2,"done":false}\n\nevent: update\ndata: {"n":3,"done":true}\n\nevent: end\ndata: final\n\n',
    );
    expect(sleeps).toEqual([250, 250, 250]);
  });

  it("ends when the value disappears, when the client leaves, and after its maximum time", async () => {
    expect(
      await readAll(
        watchAsEventStream({ load: async () => null, isFinal: () => false, signal: new AbortController().signal }),
      ),
    ).toContain("event: end\ndata: gone");

    const leaving = new AbortController();
    let loads = 0;
    const left = await readAll(
      watchAsEventStream({
        load: async () => ({ n: ++loads }),
        isFinal: () => false,
        signal: leaving.signal,
        sleep: async () => (loads === 3 ? leaving.abort() : undefined),
      }),
    );
    expect(loads).toBe(3);
    expect(left).not.toContain("event: end");

    let clock = 0;
    const realNow = Date.now;
    Date.now = () => clock;
    try {
      const timed = await readAll(
        watchAsEventStream({
          load: async () => ({ n: clock }),
          isFinal: () => false,
          signal: new AbortController().signal,
          maxMs: 1000,
          sleep: async (ms) => void (clock += ms),
          intervalMs: 400,
        }),
      );
      expect(timed.match(/event: update/g)).toHaveLength(3);
    } finally {
      Date.now = realNow;
    }
  });
});
