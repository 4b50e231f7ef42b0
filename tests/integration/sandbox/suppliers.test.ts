// Two sandbox suppliers in one process (docs/suppliers.md#sandbox): main at /sandbox/v1 and b at
// /sandbox/b/v1, each with its own key, catalog (the same products at other prices and stock),
// wallet and control surface.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as bControl from "@/app/sandbox/[supplier]/control/[action]/route";
import * as bV1 from "@/app/sandbox/[supplier]/v1/[...path]/route";
import * as mainV1 from "@/app/sandbox/v1/[...path]/route";
import { env, resetEnvForTests } from "@/lib/env";
import { getSandbox } from "@/lib/sandbox";
import { UpstreamClient, type UpstreamProduct } from "@/lib/upstream";
import { apiKey } from "./sandbox-helpers";

const supplierVars = { UPSTREAM_SUPPLIERS: "b", SANDBOX_SUPPLIERS: "b" };
const bKey = () => env.suppliers[1]!.apiKey;
const params = (supplier: string) => ({ params: Promise.resolve({ supplier }) });

beforeAll(() => {
  Object.assign(process.env, supplierVars);
  resetEnvForTests();
});

afterAll(() => {
  getSandbox().close();
  getSandbox("b").close();
  for (const key of Object.keys(supplierVars)) delete process.env[key];
  resetEnvForTests();
});

async function wholeCatalog(supplier: string): Promise<Map<string, UpstreamProduct>> {
  const client = new UpstreamClient({
    baseUrl: `http://shop.test/sandbox/${supplier}/v1`,
    apiKey: supplier === "main" ? apiKey : bKey(),
    fetch: getSandbox(supplier).fetch,
  });
  const all = new Map<string, UpstreamProduct>();
  for (let page = 1; ; page++) {
    const p = await client.catalog({ page, perPage: 100, includeTest: true });
    for (const product of p.products) all.set(product.itemCode, product);
    if (page >= p.pagination.lastPage) return all;
  }
}

describe("two sandbox suppliers in one process", () => {
  it("serves b at /sandbox/b/v1 with b's key only, and main's key only at /sandbox/v1", async () => {
    const get = (path: string, key: string) =>
      path.startsWith("/b/")
        ? bV1.GET(new Request(`http://shop.test/sandbox${path}`, { headers: { "X-API-Key": key } }), params("b"))
        : mainV1.GET(new Request(`http://shop.test/sandbox${path}`, { headers: { "X-API-Key": key } }));
    expect((await get("/b/v1/balance", bKey())).status).toBe(200);
    expect((await get("/b/v1/balance", apiKey)).status).toBe(401);
    expect((await get("/v1/balance", bKey())).status).toBe(401);
    expect((await get("/v1/balance", apiKey)).status).toBe(200);
    const unknown = await bV1.GET(new Request("http://shop.test/sandbox/c/v1/balance"), params("c"));
    expect(unknown.status).toBe(404);
  });

  it("gives b the same products at other prices and stock, and not all of them", async () => {
    const main = await wholeCatalog("main");
    const b = await wholeCatalog("b");
    const shared = [...b.keys()].filter((code) => main.has(code));
    expect(shared.length).toBeGreaterThan(b.size * 0.9);
    expect(b.size).toBeLessThan(main.size);
    const pricier = shared.filter((c) => Number(b.get(c)!.price) > Number(main.get(c)!.price));
    const cheaper = shared.filter((c) => Number(b.get(c)!.price) < Number(main.get(c)!.price));
    expect(pricier.length).toBeGreaterThan(0);
    expect(cheaper.length).toBeGreaterThan(0);
    expect(shared.some((c) => b.get(c)!.inStock !== main.get(c)!.inStock)).toBe(true);
    expect(b.get("TEST-INSTANT")).toMatchObject({ price: main.get("TEST-INSTANT")!.price });
  });

  it("keeps b's wallet and faults apart from main's, through b's own control surface", async () => {
    const ctl = (action: string, body: unknown, key = bKey()) =>
      bControl.POST(
        new Request(`http://shop.test/sandbox/b/control/${action}`, {
          method: "POST",
          headers: { "X-API-Key": key, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        { params: Promise.resolve({ supplier: "b", action }) },
      );
    expect((await ctl("setBalance", { balance: "12.34" }, apiKey)).status).toBe(401);
    expect((await ctl("setBalance", { balance: "12.34" })).status).toBe(200);
    expect((await ctl("setFaults", { rateLimitNext: 5 })).status).toBe(200);
    expect(getSandbox("b").control.getBalance()).toBe("12.34");
    expect(getSandbox().control.getBalance()).toBe(env.SANDBOX_INITIAL_BALANCE);
    const balance = (supplier: string, key: string) =>
      getSandbox(supplier).fetch(`http://shop.test/sandbox/v1/balance`, { headers: { "X-API-Key": key } });
    expect((await balance("b", bKey())).status).toBe(429);
    expect((await balance("main", apiKey)).status).toBe(200);
  });
});
