// Stamps every request this process's HTTP server receives with its socket's peer address,
// before Next.js sees it. Next gives route handlers, server actions and next-auth no socket
// (and keeps a client-sent X-Forwarded-For untouched), so this is the one way to learn who is
// connected. Node publishes each request on the `http.server.request.start` diagnostics
// channel before the server's request listener runs; the subscriber writes the address under
// a header name only this process knows (lib/http/client-ip.ts), overwriting any such header.
import "server-only";
import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { encodePeer, peerHeaderName } from "./client-ip";

const globalForStamp = globalThis as unknown as { __shopPeerStamp?: boolean };
const forwardingHeaders = ["x-forwarded-for", "forwarded", "x-real-ip"];

/** Subscribes once per process; called at server start (lib/startup.ts). */
export function installPeerAddressStamp(): void {
  if (globalForStamp.__shopPeerStamp) return;
  globalForStamp.__shopPeerStamp = true;
  const name = peerHeaderName();
  diagnostics.subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    const forwarded = forwardingHeaders.some((h) => request.headers[h] !== undefined);
    request.headers[name] = encodePeer(socket.remoteAddress ?? "unknown", forwarded);
  });
}
