// Test harness for catalog sync: the in-process sandbox behind a real UpstreamClient, with
// a fetch wrapper that counts catalog calls and can rewrite answers or inject failures.
import { createSandbox } from "@/lib/sandbox";
import { UpstreamClient, setUpstream } from "@/lib/upstream";
import type { SyncDeps } from "@/lib/catalog/sync";

export const API_KEY = "sandbox_test_key_0123456789";
const BASE_URL = "http://sandbox.test/v1";

type Rewrite = (url: URL, body: { data: Record<string, any> }) => void;

export function startSyncHarness(opts: { catalogSize?: number; seed?: number } = {}) {
  const sandbox = createSandbox({
    dbPath: ":memory:",
    apiKey: API_KEY,
    catalogSize: opts.catalogSize ?? 250,
    seed: opts.seed ?? 7,
    rateLimit: 1_000_000,
    baseUrl: BASE_URL,
  });
  const state = {
    catalogCalls: 0,
    rewrite: undefined as Rewrite | undefined,
    failPages: new Set<number>(),
    /** Runs before each catalog call reaches the sandbox: act on the upstream between pages. */
    beforePage: undefined as ((page: number, url: URL) => void) | undefined,
  };
  const countingFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const isCatalog = url.pathname.startsWith("/v1/catalog");
    if (isCatalog) {
      state.catalogCalls++;
      state.beforePage?.(Number(url.searchParams.get("page") ?? "1"), url);
      if (state.failPages.has(Number(url.searchParams.get("page") ?? "1"))) {
        sandbox.control.setFaults({ failNextRequests: 1 });
      }
    }
    const res = await sandbox.fetch(input, init);
    if (!isCatalog || !state.rewrite || !res.ok) return res;
    const body = (await res.json()) as { data: Record<string, any> };
    state.rewrite(url, body);
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    return Response.json(body, { status: res.status, headers });
  };
  const client = new UpstreamClient({ baseUrl: BASE_URL, apiKey: API_KEY, fetch: countingFetch, budget: null });
  setUpstream(client);
  const sleeps: number[] = [];
  // The shop's clock follows the sandbox's, so advanceTime moves both (the cursor rule reads it).
  const deps: SyncDeps = {
    client,
    sleep: async (ms) => void sleeps.push(ms),
    backoffMs: 100,
    now: () => new Date(sandbox.control.now()),
  };
  return {
    sandbox,
    client,
    deps,
    sleeps,
    state,
    /** Catalog calls made since the last call of this function. */
    takeCalls(): number {
      const n = state.catalogCalls;
      state.catalogCalls = 0;
      return n;
    },
    close() {
      setUpstream(null);
      sandbox.close();
    },
  };
}

/** Every listed SKU the sandbox publishes, test SKUs included (without counting as sync calls). */
export async function listAllUpstream(h: ReturnType<typeof startSyncHarness>) {
  const all = [];
  for (let page = 1; ; page++) {
    const res = await h.client.catalog({ page, perPage: 100, includeTest: true, sortBy: "item_code" });
    all.push(...res.products);
    if (res.pagination.currentPage >= res.pagination.lastPage) break;
  }
  h.takeCalls();
  return all;
}
