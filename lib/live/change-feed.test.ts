import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChangeFeed, type FeedEntry } from "./change-feed";

type V = { n: number };

/** A store the feed reads from, counting its reads (each read is one query for all keys asked). */
function store() {
  const values = new Map<string, V>();
  const reads: string[][] = [];
  return {
    values,
    reads,
    loadMany: async (keys: string[]) => {
      reads.push([...keys].sort());
      const found = new Map<string, FeedEntry<V>>();
      for (const k of keys) {
        const v = values.get(k);
        if (v) found.set(k, { id: `id-${k}`, value: { ...v } });
      }
      return found;
    },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("ChangeFeed", () => {
  it("serves many subscribers of many keys with one read per tick, and reads nothing when idle", async () => {
    const s = store();
    s.values.set("a", { n: 1 });
    s.values.set("b", { n: 1 });
    const feed = new ChangeFeed({ loadMany: s.loadMany, pollMs: 500 });
    const seen: Array<[string, V | null]> = [];
    const stops = [];
    for (let i = 0; i < 100; i++) {
      const key = i % 2 ? "a" : "b";
      stops.push(feed.subscribe(key, (v) => seen.push([key, v])));
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(s.reads).toEqual([["a", "b"]]);
    expect(seen).toHaveLength(100);

    s.values.set("a", { n: 2 });
    await vi.advanceTimersByTimeAsync(500);
    expect(s.reads).toHaveLength(2);
    expect(seen.filter(([k, v]) => k === "a" && v?.n === 2)).toHaveLength(50);
    // Nothing changed: a tick reads once and tells nobody.
    await vi.advanceTimersByTimeAsync(500);
    expect([s.reads.length, seen.length]).toEqual([3, 150]);

    for (const stop of stops) stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.reads).toHaveLength(3);
  });

  it("stops listening as soon as the last subscriber leaves, even in the middle of a read", async () => {
    const s = store();
    s.values.set("a", { n: 1 });
    let stopped = 0;
    const feed = new ChangeFeed({ loadMany: s.loadMany, pollMs: 3_600_000, wake: () => () => void stopped++ });
    const stop = feed.subscribe("a", () => stop());
    await vi.advanceTimersByTimeAsync(0);
    expect([s.reads.length, stopped, feed.size]).toEqual([1, 1, 0]);
  });

  it("gives a new subscriber the last value without reading again", async () => {
    const s = store();
    s.values.set("a", { n: 1 });
    const feed = new ChangeFeed({ loadMany: s.loadMany, pollMs: 500 });
    feed.subscribe("a", () => undefined);
    await vi.advanceTimersByTimeAsync(0);
    const late: Array<V | null> = [];
    feed.subscribe("a", (v) => late.push(v));
    expect(late).toEqual([{ n: 1 }]);
    expect(s.reads).toHaveLength(1);
  });

  it("reads only the entry a wake source names, and everything after a reconnect", async () => {
    const s = store();
    for (const k of ["a", "b", "c"]) s.values.set(k, { n: 1 });
    let notify: (id: string | null) => void = () => undefined;
    let stopped = 0;
    const feed = new ChangeFeed({
      loadMany: s.loadMany,
      pollMs: 60_000,
      wake: (onChange) => {
        notify = onChange;
        return () => void stopped++;
      },
    });
    const seen: Array<V | null> = [];
    const stops = ["a", "b", "c"].map((k) => feed.subscribe(k, (v) => k === "b" && seen.push(v)));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.reads).toEqual([["a", "b", "c"]]);

    s.values.set("b", { n: 2 });
    notify("id-b");
    notify("id-unwatched");
    await vi.advanceTimersByTimeAsync(0);
    expect(s.reads.slice(1)).toEqual([["b"]]);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);

    notify(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.reads.slice(2)).toEqual([["a", "b", "c"]]);
    // The safety poll reads everything even when no notification came.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.reads).toHaveLength(4);

    for (const stop of stops) stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(1);
  });

  it("tells subscribers of a vanished entry it is gone, and retries a failed read", async () => {
    const s = store();
    s.values.set("a", { n: 1 });
    let fail = true;
    const feed = new ChangeFeed({
      loadMany: (keys: string[]) => (fail ? Promise.reject(new Error("database down")) : s.loadMany(keys)),
      pollMs: 500,
      retryMs: 1000,
    });
    const seen: Array<V | null> = [];
    feed.subscribe("a", (v) => seen.push(v));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([]);
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toEqual([{ n: 1 }]);
    s.values.delete("a");
    await vi.advanceTimersByTimeAsync(500);
    expect(seen).toEqual([{ n: 1 }, null]);
  });
});
