// Server-sent events for a value that changes on the server. The stream does not read
// anything itself: it subscribes to a feed (lib/live/change-feed.ts) that reads for every
// stream of the instance at once, sends the value when it differs from what was sent, and
// ends when it is final, when it is gone, when the client goes away, or after `maxMs` (the
// browser's EventSource reconnects by itself, so a long wait is many short streams and no
// connection is held forever). While nothing changes it sends only a heartbeat comment.
import "server-only";

export type WatchOptions<T> = {
  /** Registers for the current value and each change (null: gone); returns how to stop. */
  subscribe: (listener: (value: T | null) => void) => () => void;
  isFinal: (value: T) => boolean;
  signal: AbortSignal;
  maxMs?: number;
  /** Milliseconds the browser waits before reconnecting after the stream ends. */
  retryMs?: number;
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs?: number;
  /** Called once when the stream ends, however it ends (frees the client's slot). */
  onClose?: () => void;
};

/** The SSE body: `retry`, then an `update` event per change, and `end` when final or gone. */
export function watchAsEventStream<T>(opts: WatchOptions<T>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { maxMs = 120_000, retryMs = 1000, heartbeatMs = 20_000 } = opts;
  let finish = () => {};
  return new ReadableStream({
    start(controller) {
      let closed = false;
      let last: string | null = null;
      let unsubscribe: (() => void) | undefined;
      const maxTimer = setTimeout(() => finish(), maxMs);
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), heartbeatMs);
      finish = () => {
        if (closed) return;
        closed = true;
        clearTimeout(maxTimer);
        clearInterval(heartbeat);
        opts.signal.removeEventListener("abort", finish);
        unsubscribe?.();
        try {
          controller.close();
        } catch {
          // already closed by a client that went away
        }
        opts.onClose?.();
      };
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          finish();
        }
      };
      send(`retry: ${retryMs}\n\n`);
      if (opts.signal.aborted) return finish();
      opts.signal.addEventListener("abort", finish, { once: true });
      const onValue = (value: T | null) => {
        if (closed) return;
        if (value === null) {
          send("event: end\ndata: gone\n\n");
          return finish();
        }
        const json = JSON.stringify(value);
        if (json !== last) {
          send(`event: update\ndata: ${json}\n\n`);
          last = json;
        }
        if (opts.isFinal(value)) {
          send("event: end\ndata: final\n\n");
          finish();
        }
      };
      const stop = opts.subscribe(onValue);
      // The feed may have answered (and the stream ended) before subscribe returned.
      if (closed) stop();
      else unsubscribe = stop;
    },
    cancel() {
      finish();
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
