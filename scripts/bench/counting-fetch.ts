// A fetch wrapper that counts every upstream call the shop makes, by method and path.
export type CallCounter = {
  fetch: typeof fetch;
  total(): number;
  byRoute(): Record<string, number>;
  /** Milliseconds spent waiting for the upstream to answer (here: the in-process sandbox's work). */
  upstreamMs(): number;
  reset(): void;
};

/** Wraps `inner` (the in-process sandbox's fetch); counts before forwarding, so failed calls count too. */
export function createCountingFetch(inner: typeof fetch): CallCounter {
  let routes: Record<string, number> = {};
  let waitedMs = 0;
  const wrapped = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    const route = `${method} ${url.pathname.replace(/^.*\/v1/, "").replace(/\/\d+(?=\/|$)/g, "/:id") || "/"}`;
    routes[route] = (routes[route] ?? 0) + 1;
    const started = performance.now();
    try {
      return await inner(input, init);
    } finally {
      waitedMs += performance.now() - started;
    }
  }) as typeof fetch;
  return {
    fetch: wrapped,
    total: () => Object.values(routes).reduce((a, b) => a + b, 0),
    byRoute: () => ({ ...routes }),
    upstreamMs: () => waitedMs,
    reset: () => {
      routes = {};
      waitedMs = 0;
    },
  };
}
