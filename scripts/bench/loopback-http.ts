// HTTP from one loopback source address: each load-phase shopper is its own client to the shop
// (127.0.x.1 — the whole 127.0.0.0/8 reaches the loopback interface on Linux), so per-client
// limits see 200 shoppers as 200 clients without any header a proxy would have to be trusted for.
import http from "node:http";
import { isIP } from "node:net";

export type Answer = { status: number; json: Record<string, unknown> | null; ms: number };

export type LoopbackClient = {
  readonly address: string;
  get(url: string): Promise<Answer>;
  post(url: string, body: unknown): Promise<Answer>;
  close(): void;
};

/** The source address of shopper `i` (0-based): 127.0.<i+1>.1, one /24 each, so no two share a network. */
export function shopperAddress(i: number): string {
  if (!Number.isInteger(i) || i < 0 || i > 253 * 254) throw new Error(`no loopback address for shopper ${i}`);
  return `127.${Math.floor(i / 254)}.${(i % 254) + 1}.1`;
}

const isLoopbackUrl = (url: URL) => url.protocol === "http:" && /^127\.\d+\.\d+\.\d+$/.test(url.hostname);

/** A keep-alive client bound to `address` (a 127.x address); refuses any URL off loopback. */
export function loopbackClient(address: string, timeoutMs = 60_000): LoopbackClient {
  if (isIP(address) !== 4 || !address.startsWith("127.")) throw new Error(`${address} is not a loopback address`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4, localAddress: address });
  const send = (method: string, raw: string, body?: unknown) =>
    new Promise<Answer>((resolve, reject) => {
      const url = new URL(raw);
      if (!isLoopbackUrl(url)) return reject(new Error(`refusing to leave loopback: ${url.host}`));
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const started = performance.now();
      const req = http.request(
        url,
        {
          method,
          agent,
          timeout: timeoutMs,
          headers: payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {},
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let json: Record<string, unknown> | null = null;
            if ((res.headers["content-type"] ?? "").includes("json")) {
              try {
                json = JSON.parse(text) as Record<string, unknown>;
              } catch {
                json = null;
              }
            }
            resolve({ status: res.statusCode ?? 0, json, ms: performance.now() - started });
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", reject);
      req.end(payload);
    });
  return {
    address,
    get: (url) => send("GET", url),
    post: (url, body) => send("POST", url, body),
    close: () => agent.destroy(),
  };
}
