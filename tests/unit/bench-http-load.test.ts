// The bench's load runner counts as throughput only what a shopper could use: a 2xx answer whose
// body passes the page's check. A 404, an error page or a listing without a product link is
// tallied apart and never makes a page look fast.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runLoad } from "../../scripts/bench/http-load";

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url?.startsWith("/missing")) return void res.writeHead(404).end("not found");
    if (req.url?.startsWith("/broken")) return void res.writeHead(500).end("error");
    if (req.url?.startsWith("/rendered"))
      return void res.writeHead(200, { "x-nextjs-cache": "MISS" }).end('<a href="/p/X1">');
    if (req.url?.startsWith("/kept"))
      return void res.writeHead(200, { "x-nextjs-cache": "HIT" }).end('<a href="/p/X1">');
    if (req.url?.startsWith("/empty")) return void res.writeHead(200).end("<main>No products</main>");
    res.writeHead(200).end('<a href="/p/X1">X1</a>');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const hasLink = (_url: string, body: string) => body.includes('href="/p/');
const urls = (path: string, n: number) => Array.from({ length: n }, (_, i) => `${base}${path}?i=${i}`);

describe("the bench's load runner", () => {
  it("counts no throughput for answers that are not 2xx", async () => {
    const r = await runLoad([...urls("/missing", 6), ...urls("/broken", 4)], 2, hasLink);
    expect(r.requests).toBe(10);
    expect(r.perSecond).toBe(0);
    expect(r.statuses).toEqual({ 404: 6, 500: 4 });
  });

  it("counts no throughput for a 200 whose body fails the page's check", async () => {
    const r = await runLoad(urls("/empty", 5), 2, hasLink);
    expect(r.perSecond).toBe(0);
    expect(r.wrongBodies).toBe(5);
  });

  it("counts good answers alone, and tallies the rest apart", async () => {
    const r = await runLoad([...urls("/list", 6), ...urls("/missing", 3), ...urls("/empty", 1)], 3, hasLink);
    expect(r.ok).toBe(6);
    expect(r.non2xx).toBe(3);
    expect(r.wrongBodies).toBe(1);
    expect(r.bodyMs.n).toBe(6);
  });

  it("tallies whether Next answered from its page cache or rendered", async () => {
    const r = await runLoad([...urls("/rendered", 2), ...urls("/kept", 5), ...urls("/list", 1)], 2, hasLink);
    expect(r.appCache).toEqual({ MISS: 2, HIT: 5 });
  });
});
