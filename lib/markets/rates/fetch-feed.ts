// Reads the feed's text through the one outbound guard (docs/going-live.md#outbound-fetches):
// a time limit, a size cap, a few redirects, and only a 200 counts.
import "server-only";
import { outboundFetch, type OutboundDeps } from "@/lib/http/outbound-guard";

/** The ECB's daily file is about 1.5 KiB; this leaves room for a longer list and nothing more. */
export const feedMaxBytes = 64 * 1024;
export const feedTimeoutMs = 15_000;

export type FeedText = { ok: true; text: string } | { ok: false; reason: string };

/** Fetches the feed; a refusal, a timeout, an oversized or non-200 answer says why in words. */
export async function fetchFeedText(url: string, deps?: OutboundDeps): Promise<FeedText> {
  try {
    const res = await outboundFetch(
      url,
      {
        headers: { Accept: "application/xml, text/xml" },
        maxBytes: feedMaxBytes,
        timeoutMs: feedTimeoutMs,
        maxRedirects: 3,
      },
      deps,
    );
    if (res.status !== 200) return { ok: false, reason: `the feed answered HTTP ${res.status}` };
    return { ok: true, text: res.body.toString("utf8") };
  } catch (err) {
    return { ok: false, reason: `the feed could not be read: ${err instanceof Error ? err.message : "error"}` };
  }
}
