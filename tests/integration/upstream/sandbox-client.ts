// Builds an in-process sandbox and an UpstreamClient wired to it (shared by the contract tests).
import { createSandbox, type Sandbox, type SandboxOptions } from "@/lib/sandbox";
import { UpstreamClient, UpstreamError, type UpstreamClientOptions } from "@/lib/upstream";

export const sandboxKey = "sandbox_test_key_0123456789";

export type Harness = {
  sandbox: Sandbox;
  client: (extra?: Partial<UpstreamClientOptions>) => UpstreamClient;
};

/** A fresh in-memory sandbox; `client()` talks to it through its in-process fetch. */
export function createHarness(opts: Partial<SandboxOptions> = {}): Harness {
  const sandbox = createSandbox({ dbPath: ":memory:", apiKey: sandboxKey, catalogSize: 40, settleMs: 8000, ...opts });
  return {
    sandbox,
    client: (extra = {}) =>
      new UpstreamClient({
        baseUrl: "http://sandbox.test/v1",
        apiKey: sandboxKey,
        fetch: sandbox.fetch,
        timeoutMs: 5000,
        purchaseTimeoutMs: 5000,
        ...extra,
      }),
  };
}

/** Captures the UpstreamError a call rejects with (fails loudly when it resolves or throws anything else). */
export async function errorOf(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof UpstreamError) return err;
    throw err;
  }
  throw new Error("expected the call to fail, but it succeeded");
}
