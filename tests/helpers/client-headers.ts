// Requests "from" a client address, as this process's HTTP server stamps them
// (lib/http/peer-address.ts), for route handlers called in-process.
import { POST as quoteRoute } from "@/app/api/checkout/quote/route";
import { encodePeer, peerHeaderName } from "@/lib/http/client-ip";

/** Headers carrying `address` as the socket peer; `relayed`: the request came with forwarding headers. */
export function fromClient(address: string, opts: { relayed?: boolean } = {}): Record<string, string> {
  return { [peerHeaderName()]: encodePeer(address, opts.relayed ?? false) };
}

/** POST /api/checkout/quote in-process, from `client`. */
export function postQuote(items: { itemCode: string; quantity: number }[], client: string): Promise<Response> {
  return quoteRoute(
    new Request("http://shop.test/api/checkout/quote", {
      method: "POST",
      headers: { "content-type": "application/json", ...fromClient(client) },
      body: JSON.stringify({ items }),
    }),
  );
}
