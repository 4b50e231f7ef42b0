// The connection under lib/http/outbound-guard.ts: node's http(s) client told to use the address
// the guard checked (its `lookup` answers with that address and asks no resolver), so a name
// that points elsewhere by the time of the connection (DNS rebinding) changes nothing. The
// request still carries the name (Host header, TLS server name and certificate check). No
// connection pool: every request connects to the address checked for it.
import "server-only";
import http from "node:http";
import https from "node:https";
import type { LookupAddress } from "node:dns";
import { Readable } from "node:stream";

export type ResolvedAddress = { address: string; family: number };
export type TransportInit = { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal };
/** Makes one request to `url`, connecting to `address` whatever the name resolves to now. */
export type Transport = (url: URL, init: TransportInit, address: ResolvedAddress) => Promise<Response>;

const noBody = new Set([204, 205, 304]);

function headersOf(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // a header value fetch would refuse is dropped, as fetch would
    }
  }
  return headers;
}

/** The default transport: http(s).request pinned to `address`. */
export const pinnedRequest: Transport = (url, init, address) => {
  const lookup = (
    _host: string,
    options: { all?: boolean },
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => (options.all ? callback(null, [address]) : callback(null, address.address, address.family));
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: init.method, headers: init.headers, signal: init.signal, lookup: lookup as never, agent: false },
      (res) => {
        const status = res.statusCode ?? 502;
        const valid = status >= 200 && status <= 599;
        const body = !valid || noBody.has(status) || init.method === "HEAD" ? null : Readable.toWeb(res);
        if (!body) res.resume();
        resolve(
          new Response(body as ReadableStream<Uint8Array> | null, {
            status: valid ? status : 502,
            headers: headersOf(res.rawHeaders),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
};
