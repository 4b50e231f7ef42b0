// Requests "from" a client address, as this process's HTTP server stamps them
// (lib/http/peer-address.ts), for route handlers called in-process.
import { encodePeer, peerHeaderName } from "@/lib/http/client-ip";

/** Headers carrying `address` as the socket peer; `relayed`: the request came with forwarding headers. */
export function fromClient(address: string, opts: { relayed?: boolean } = {}): Record<string, string> {
  return { [peerHeaderName()]: encodePeer(address, opts.relayed ?? false) };
}
