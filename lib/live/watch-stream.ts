// Server-sent events for a value that changes on the server: load it every `intervalMs`, send
// it when it differs from what was sent, stop when it is final, when the client goes away, or
// after `maxMs` (the browser's EventSource reconnects by itself, so a long wait is many short
// streams and no connection is held forever). Reads come from the database, so a change made by
// any instance reaches every open page.
import "server-only";

export type WatchOptions<T> = {
  load: () => Promise<T | null>;
  isFinal: (value: T) => boolean;
  signal: AbortSignal;
  intervalMs?: number;
  maxMs?: number;
  /** Milliseconds the browser waits before reconnecting after the stream ends. */
  retryMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The SSE body: `retry`, then an `update` event per change, and `end` when final or gone. */
export function watchAsEventStream<T>(opts: WatchOptions<T>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { intervalMs = 300, maxMs = 120_000, retryMs = 1000, sleep = defaultSleep } = opts;
  return new ReadableStream({
    async start(controller) {
      const send = (text: string) => controller.enqueue(encoder.encode(text));
      const started = Date.now();
      let last: string | null = null;
      try {
        send(`retry: ${retryMs}\n\n`);
        while (!opts.signal.aborted && Date.now() - started < maxMs) {
          const value = await opts.load();
          if (value === null) {
            send("event: end\ndata: gone\n\n");
            break;
          }
          const json = JSON.stringify(value);
          if (json !== last) {
            send(`event: update\ndata: ${json}\n\n`);
            last = json;
          }
          if (opts.isFinal(value)) {
            send("event: end\ndata: final\n\n");
            break;
          }
          await sleep(intervalMs);
        }
      } catch {
        // A failed read ends this stream; the browser reconnects (or falls back to polling).
      }
      try {
        controller.close();
      } catch {
        // already closed by a client that went away
      }
    },
  });
}

/** Headers that keep proxies from buffering or caching an event stream. */
export const eventStreamHeaders = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store, no-transform",
  "X-Accel-Buffering": "no",
  "Referrer-Policy": "no-referrer",
} as const;
