// One catalog page with the sync's retry rules: a 429 waits retry_after and asks again for
// the same page; a 5xx, timeout or dropped connection is retried a few times with
// exponential backoff; anything else fails the run at once.
import "server-only";
import {
  RateLimitedError,
  UpstreamNetworkError,
  UpstreamServerError,
  UpstreamTimeoutError,
  type UpstreamClient,
} from "@/lib/upstream";
import type { CatalogPage, CatalogQuery } from "@/lib/upstream/types";

export type RetryPolicy = {
  sleep: (ms: number) => Promise<void>;
  /** Retries after a 5xx/network failure before the run fails. */
  maxRetries: number;
  /** First backoff; doubled on each further retry. */
  backoffMs: number;
  /** Upper bound on 429 waits for one page, so a stuck limiter cannot hang the run forever. */
  maxRateLimitWaits?: number;
};

const isTransient = (e: unknown) =>
  e instanceof UpstreamServerError || e instanceof UpstreamNetworkError || e instanceof UpstreamTimeoutError;

/** Fetches one page at catalog priority, counting every attempt through `onCall`. */
export async function fetchPageWithRetry(
  client: UpstreamClient,
  query: CatalogQuery,
  policy: RetryPolicy,
  onCall: () => void,
): Promise<CatalogPage> {
  let failures = 0;
  let waits = 0;
  for (;;) {
    onCall();
    try {
      return await client.catalog(query, { priority: "catalog" });
    } catch (error) {
      if (error instanceof RateLimitedError && waits++ < (policy.maxRateLimitWaits ?? 30)) {
        await policy.sleep(Math.max(error.retryAfter ?? 1, 0) * 1000);
        continue;
      }
      if (isTransient(error) && failures++ < policy.maxRetries) {
        await policy.sleep(policy.backoffMs * 2 ** (failures - 1));
        continue;
      }
      throw error;
    }
  }
}
