// Requests that leave from a chosen address of this machine: other 127.x.y.z addresses are
// distinct clients to the server (the e2e server exempts only 127.0.0.1 and ::1 from limits),
// and the machine's network address is a client that is not on loopback.
import http from "node:http";
import os from "node:os";

export type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** One HTTP request to `port` on `host`, sent from `localAddress` when given. */
export function requestFrom(opts: {
  host: string;
  port: number;
  path: string;
  localAddress?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: opts.host,
        port: opts.port,
        path: opts.path,
        method: opts.method ?? "GET",
        headers: opts.headers,
        localAddress: opts.localAddress,
        agent: false,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

/** This machine's first non-loopback IPv4 address, or null. */
export function networkAddress(): string | null {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  }
  return null;
}
