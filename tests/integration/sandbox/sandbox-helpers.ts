// Shared helpers for the sandbox's own integration tests: a fresh in-memory sandbox on a fixed clock.
import { createSandbox, type Sandbox, type SandboxOptions } from "@/lib/sandbox";

export const apiKey = "sandbox_test_key_0123456789";
export const startMs = Date.parse("2026-06-01T12:00:10.000Z");

export type Envelope = { success: boolean; message: string; data: Record<string, any> };
export type Reply = { status: number; headers: Headers; body: Envelope };

/** A fresh sandbox (in memory, fixed clock, generous budget unless overridden). */
export function makeSandbox(opts: Partial<SandboxOptions> = {}): Sandbox {
  return createSandbox({
    dbPath: ":memory:",
    apiKey,
    catalogSize: 150,
    seed: 7,
    rateLimit: 10_000,
    now: () => startMs,
    ...opts,
  });
}

/** One /v1 call with the key, JSON in and out. */
export async function call(
  sb: Sandbox,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const res = await sb.fetch(`http://sandbox.test/sandbox/v1${path}`, {
    method,
    headers: {
      "X-API-Key": apiKey,
      Accept: "application/json",
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope };
}

export function buy(sb: Sandbox, body: Record<string, unknown>, key?: string): Promise<Reply> {
  return call(sb, "POST", "/orders", body, key ? { "Idempotency-Key": key } : {});
}
