// A request id for every request this process serves: the proxy's X-Request-Id when it is a
// plain token (so a line can be followed from the load balancer to the shop), else a fresh one.
// It is set on the request (Next code reads `x-request-id`), echoed on the response, and put in
// the log context of the request's whole async flow, so every line the request logs carries it
// (lib/log.ts). Like the peer address stamp, it hooks Node's `http.server.request.start`
// diagnostics channel, which runs before Next sees the request.
import "server-only";
import crypto from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import { beginRequestLog } from "@/lib/log";

const globalForIds = globalThis as unknown as { __shopRequestIds?: boolean };
const acceptable = /^[A-Za-z0-9._:-]{8,100}$/;

/** The id for a request: a well-formed incoming X-Request-Id, else a new one. */
export function chooseRequestId(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && acceptable.test(value) ? value : crypto.randomUUID();
}

/** Subscribes once per process; called at server start (lib/startup.ts). */
export function installRequestIds(): void {
  if (globalForIds.__shopRequestIds) return;
  globalForIds.__shopRequestIds = true;
  diagnostics.subscribe("http.server.request.start", (message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    const id = chooseRequestId(request.headers["x-request-id"]);
    request.headers["x-request-id"] = id;
    if (!response.headersSent) response.setHeader("x-request-id", id);
    beginRequestLog(id);
  });
}
