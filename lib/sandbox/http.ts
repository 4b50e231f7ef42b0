// The wire envelope {success, message, data} and the sandbox's error type
// (docs/upstream-contract.md#1-what-the-upstream-is, docs/upstream-contract.md#7-errors).

export type Envelope = { success: boolean; message: string; data: Record<string, unknown> };

/** A reply the router turns into an envelope response; thrown by handlers for error rows. */
export class SandboxReply extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** An error row (docs/upstream-contract.md#7-errors) with `data.state` (and any extra data). */
export function fail(status: number, message: string, state: string, data: Record<string, unknown> = {}): SandboxReply {
  return new SandboxReply(status, message, { state, ...data });
}

/** A 200 success reply. */
export function ok(message: string, data: Record<string, unknown>): SandboxReply {
  return new SandboxReply(200, message, data);
}

/** The one place a reply becomes bytes; `data` may be replaced by its encrypted wrapper. */
export function envelopeResponse(reply: SandboxReply, data: unknown = reply.data): Response {
  const body = { success: reply.status < 400, message: reply.message, data };
  return new Response(JSON.stringify(body), {
    status: reply.status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...reply.headers },
  });
}
