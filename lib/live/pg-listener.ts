// The PostgreSQL wake source of the live feed: one dedicated connection per instance (outside
// the Prisma pool, which it would otherwise hold forever) that LISTENs for change
// notifications while the feed runs. It is opened when the first stream opens, closed when the
// last one ends, and reopened with growing waits when it drops; after every (re)connect it
// tells the feed that anything may have changed, since notifications sent meanwhile are lost.
import "server-only";
import pg from "pg";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import type { WakeSource } from "./change-feed";

const firstRetryMs = 500;
const maxRetryMs = 30_000;

/** A wake source LISTENing on `channel` (a plain identifier); payloads are the changed ids. */
export function pgWakeSource(channel: string, url: () => string = () => getEnv().DATABASE_URL): WakeSource {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error("channel must be a plain identifier");
  return (onChange) => {
    let stopped = false;
    let client: pg.Client | null = null;
    let retryMs = firstRetryMs;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const reconnectLater = (dropped: pg.Client) => {
      if (stopped || client !== dropped) return;
      client = null;
      void dropped.end().catch(() => undefined);
      timer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, maxRetryMs);
    };

    const connect = async () => {
      if (stopped) return;
      const c = new pg.Client({ connectionString: url(), application_name: `shop ${process.pid} live` });
      client = c;
      c.on("notification", (msg) => {
        if (msg.channel === channel && msg.payload) onChange(msg.payload);
      });
      c.on("error", (err) => {
        log.warn({ err }, "live feed: the listening connection failed");
        reconnectLater(c);
      });
      c.on("end", () => reconnectLater(c));
      try {
        await c.connect();
        await c.query(`LISTEN ${channel}`);
      } catch (err) {
        if (!stopped) log.warn({ err }, "live feed: could not listen for changes");
        reconnectLater(c);
        return;
      }
      if (stopped || client !== c) return;
      retryMs = firstRetryMs;
      onChange(null);
    };

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      void c?.end().catch(() => undefined);
    };
  };
}
