import { afterEach, describe, expect, it, vi } from "vitest";
import { watchAsEventStream } from "./watch-stream";

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = "";
  const decoder = new TextDecoder();
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk);
  return text;
}

type V = { n: number; done: boolean };

/** A feed the test drives: `push` hands the subscriber a value as the shared feed would. */
function fakeFeed<T>() {
  let listener: ((value: T | null) => void) | null = null;
  let unsubscribed = 0;
  return {
    subscribe: (l: (value: T | null) => void) => {
      listener = l;
      return () => void unsubscribed++;
    },
    push: (value: T | null) => listener?.(value),
    get unsubscribed() {
      return unsubscribed;
    },
  };
}

afterEach(() => vi.useRealTimers());

describe("watchAsEventStream", () => {
  it("sends each change once and ends when the value is final", async () => {
    const feed = fakeFeed<V>();
    let closed = 0;
    const stream = watchAsEventStream({
      subscribe: feed.subscribe,
      isFinal: (v) => v.done,
      signal: new AbortController().signal,
      onClose: () => void closed++,
    });
    const text = readAll(stream);
    for (const v of [
      { n: 1, done: false },
      { n: 1, done: false },
      { n: 2, done: false },
      { n: 3, done: true },
      { n: 4, done: true },
    ])
      feed.push(v);
    expect(await text).toBe(
      'retry: 1000\n\nevent: update\ndata: {"n":1,"done":false}\n\nevent: update\ndata: {"n":2,"done":false}\n\nevent: update\ndata: {"n":3,"done":true}\n\nevent: end\ndata: final\n\n',
    );
    expect(feed.unsubscribed).toBe(1);
    expect(closed).toBe(1);
  });

  it("ends when the value disappears, when the client leaves, and after its maximum time", async () => {
    const gone = fakeFeed<V>();
    const goneText = readAll(
      watchAsEventStream({ subscribe: gone.subscribe, isFinal: () => false, signal: new AbortController().signal }),
    );
    gone.push(null);
    expect(await goneText).toContain("event: end\ndata: gone");

    const leaving = new AbortController();
    const left = fakeFeed<V>();
    let closed = 0;
    const leftText = readAll(
      watchAsEventStream({
        subscribe: left.subscribe,
        isFinal: () => false,
        signal: leaving.signal,
        onClose: () => void closed++,
      }),
    );
    left.push({ n: 1, done: false });
    leaving.abort();
    expect(await leftText).not.toContain("event: end");
    expect([left.unsubscribed, closed]).toEqual([1, 1]);

    vi.useFakeTimers();
    const timed = fakeFeed<V>();
    const timedText = readAll(
      watchAsEventStream({ subscribe: timed.subscribe, isFinal: () => false, signal: leaving.signal, maxMs: 1000 }),
    );
    expect(await timedText).toBe("retry: 1000\n\n"); // the client had already left
    const open = new AbortController();
    const timedOpen = readAll(
      watchAsEventStream({ subscribe: timed.subscribe, isFinal: () => false, signal: open.signal, maxMs: 1000 }),
    );
    timed.push({ n: 1, done: false });
    await vi.advanceTimersByTimeAsync(999);
    timed.push({ n: 2, done: false });
    await vi.advanceTimersByTimeAsync(1);
    timed.push({ n: 3, done: false });
    expect((await timedOpen).match(/event: update/g)).toHaveLength(2);
    expect(timed.unsubscribed).toBe(1);
  });

  it("sends only a heartbeat comment while nothing changes", async () => {
    vi.useFakeTimers();
    const feed = fakeFeed<V>();
    const text = readAll(
      watchAsEventStream({
        subscribe: feed.subscribe,
        isFinal: (v) => v.done,
        signal: new AbortController().signal,
        heartbeatMs: 20_000,
      }),
    );
    feed.push({ n: 1, done: false });
    await vi.advanceTimersByTimeAsync(60_000);
    feed.push({ n: 1, done: true });
    expect(await text).toBe(
      'retry: 1000\n\nevent: update\ndata: {"n":1,"done":false}\n\n: heartbeat\n\n: heartbeat\n\n: heartbeat\n\nevent: update\ndata: {"n":1,"done":true}\n\nevent: end\ndata: final\n\n',
    );
  });

  it("ends at once when the feed answers a final value while subscribing", async () => {
    let unsubscribed = 0;
    const text = await readAll(
      watchAsEventStream<V>({
        subscribe: (listener) => {
          listener({ n: 1, done: true });
          return () => void unsubscribed++;
        },
        isFinal: (v) => v.done,
        signal: new AbortController().signal,
      }),
    );
    expect(text).toContain("event: end\ndata: final");
    expect(unsubscribed).toBe(1);
  });
});
