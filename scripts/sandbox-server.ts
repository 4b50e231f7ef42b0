// The sandbox upstream as a process of its own: `npm run sandbox` (PORT, default 4010).
// Several shop instances must share ONE upstream (one wallet, one rate limit, one order book),
// so when more than one instance runs against the sandbox, they all point UPSTREAM_BASE_URL at
// this server instead of each serving /sandbox/v1 from its own process. Same API and control
// surface as the in-app routes: /sandbox/v1/* and /sandbox/control/<action>. Webhooks go to
// SANDBOX_WEBHOOK_URL (the load balancer in front of the shop instances). The control surface
// answers only to clients on this machine. Every supplier SANDBOX_SUPPLIERS names is served too,
// as in the app (docs/suppliers.md#sandbox): /sandbox/<name>/v1/* and /sandbox/<name>/control/<action>,
// each with its own store, key, budget, wallet and faults, its webhooks to SANDBOX_WEBHOOK_URL/<name>.
import http from "node:http";
import { Readable } from "node:stream";

process.env.SANDBOX_ENABLED = "true";
process.env.PORT ??= "4010";
const port = Number(process.env.PORT);
const host = process.env.HOST ?? "127.0.0.1";
process.env.APP_URL ??= `http://${host}:${port}`;
process.env.SANDBOX_WEBHOOK_URL ??= "";
// The sandbox never touches the shop's codes; the shop's key is only required by the shared config schema.
process.env.CODES_ENCRYPTION_KEY ??= "0".repeat(64);

const { getEnv, MAIN_SUPPLIER } = await import("../lib/env");
try {
  getEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const { getSandbox, servesSandboxSupplier } = await import("../lib/sandbox");
const { isLoopbackAddress } = await import("../lib/http/client-ip");
const { bodyLimits, withCappedBody } = await import("../lib/http/read-body");
const { runControlAction } = await import("../lib/sandbox/control-http");
const { serveArtwork } = await import("../lib/sandbox/artwork");
// Every served supplier's state opens (and its settle and webhook timer starts) now, not at its first call.
const suppliers = [MAIN_SUPPLIER, ...getEnv().sandboxSuppliers];
for (const name of suppliers) getSandbox(name);

function toRequest(req: http.IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(`http://${req.headers.host ?? `${host}:${port}`}${req.url ?? "/"}`, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    // @ts-expect-error Node's fetch needs duplex for a streamed body
    duplex: hasBody ? "half" : undefined,
  });
}

async function send(res: http.ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** The supplier a path is for and the rest of it: /sandbox/v1… is main's, /sandbox/<name>/… a served supplier's. */
function route(path: string): { supplier: string; rest: string } | null {
  const named = /^\/sandbox\/([a-z][a-z0-9]{0,15})(\/(?:v1|control)(?:\/.*)?)$/.exec(path);
  if (named && named[1] !== "v1" && named[1] !== "control" && named[1] !== "artwork")
    return servesSandboxSupplier(named[1]!) ? { supplier: named[1]!, rest: named[2]! } : null;
  return path.startsWith("/sandbox/") ? { supplier: MAIN_SUPPLIER, rest: path.slice("/sandbox".length) } : null;
}

const server = http.createServer((req, res) => {
  const path = (req.url ?? "/").split("?")[0]!;
  const target = route(path);
  const control = target && /^\/control\/([A-Za-z]+)$/.exec(target.rest);
  const work = async () => {
    if (target && (target.rest === "/v1" || target.rest.startsWith("/v1/"))) {
      const capped = await withCappedBody(toRequest(req), bodyLimits.webhook);
      if (!capped.ok) return send(res, capped.response);
      try {
        return await send(res, await getSandbox(target.supplier).handle(capped.request));
      } catch {
        // A dropped purchase: it happened, but the answer never arrives.
        return void res.socket?.destroy();
      }
    }
    // The levers answer only on this machine, whatever HOST the server listens on.
    if (target && control && isLoopbackAddress(req.socket.remoteAddress ?? ""))
      return send(res, await runControlAction(control[1]!, toRequest(req), target.supplier));
    if (path.startsWith("/sandbox/artwork/")) return send(res, serveArtwork(path.slice("/sandbox/artwork/".length)));
    if (path === "/health") return send(res, Response.json({ ok: true, suppliers }));
    return send(res, Response.json({ success: false, message: "Not found.", data: {} }, { status: 404 }));
  };
  work().catch((error: unknown) => {
    console.error("sandbox server: request failed", error instanceof Error ? error.message : "unknown");
    if (!res.headersSent) res.writeHead(500).end();
  });
});

server.listen(port, host, () =>
  console.log(
    `Sandbox upstream on http://${host}:${port}/sandbox/v1` +
      suppliers
        .slice(1)
        .map((name) => `, ${name} on http://${host}:${port}/sandbox/${name}/v1`)
        .join(""),
  ),
);
const stop = () => server.close(() => (suppliers.forEach((name) => getSandbox(name).close()), process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
