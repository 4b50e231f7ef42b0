import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptCode, isEncryptedCode } from "@/lib/upstream/wire-crypto";
import { buy, call, makeSandbox } from "./sandbox-helpers";

const keyPair = () =>
  crypto.generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });

describe("sandbox validate-before-key (outOfStockOnReplayNext)", () => {
  it("answers a replay of a used key 400 out_of_stock without order_id; the original order is untouched", async () => {
    const sb = makeSandbox();
    const first = await buy(sb, { item_code: "TEST-INSTANT", quantity: 2 }, "oos-1");
    sb.control.setFaults({ outOfStockOnReplayNext: 1 });
    const fresh = await buy(sb, { item_code: "TEST-INSTANT" }, "oos-2");
    expect(fresh.status).toBe(200);
    const retry = await buy(sb, { item_code: "TEST-INSTANT", quantity: 2 }, "oos-1");
    expect(retry.status).toBe(400);
    expect(retry.body.success).toBe(false);
    expect(retry.body.data.state).toBe("out_of_stock");
    expect(retry.body.data).not.toHaveProperty("order_id");
    expect(retry.body.data).not.toHaveProperty("order_no");
    expect(sb.control.listOrders()).toHaveLength(2);
    expect(sb.control.getBalance()).toBe("4997.00");
    const detail = await call(sb, "GET", `/orders/${first.body.data.order_id}`);
    expect(detail.body.data).toMatchObject({ status: "completed", amount: 2 });
    expect(detail.body.data.codes.map((c: { code: string }) => c.code)).toEqual(
      first.body.data.codes.map((c: { code: string }) => c.code),
    );
    expect((await buy(sb, { item_code: "TEST-INSTANT", quantity: 2 }, "oos-1")).body.data).toEqual(first.body.data);
  });
});

describe("sandbox price changes between check and purchase", () => {
  it("priceRiseNext raises the SKU's price before the purchase, charges it, and a delta sync sees it", async () => {
    const sb = makeSandbox();
    expect((await call(sb, "POST", "/orders/check", { item_id: "TEST-INSTANT" })).body.data.price).toBe(1);
    const cursor = new Date(sb.control.now()).toISOString();
    sb.control.advanceTime(1000);
    sb.control.setFaults({ priceRiseNext: 1, priceRisePercent: 20 });
    const r = await buy(sb, { item_code: "TEST-INSTANT", quantity: 2 }, "rise-1");
    expect(r.body.data).toMatchObject({ status: "completed", amount: "2.40" });
    expect(r.body.data.codes[0].charged_amount).toBe("1.20");
    expect(sb.control.getBalance()).toBe("4997.60");
    expect(sb.control.listOrders()[0]).toMatchObject({ charged_unit: "1.20", amount: "2.40", codes_count: 2 });
    const delta = await call(sb, "GET", `/catalog?updated_since=${encodeURIComponent(cursor)}&include_test=true`);
    const row = delta.body.data.products.find((p: { item_code: string }) => p.item_code === "TEST-INSTANT");
    expect(row).toMatchObject({ price: 1.2, charged_price: 1.2 });
    expect(Date.parse(row.updated_at)).toBe(sb.control.now());
    expect((await call(sb, "POST", "/orders/check", { item_id: "TEST-INSTANT" })).body.data.price).toBe(1.2);
    expect((await buy(sb, { item_code: "TEST-INSTANT", quantity: 2 }, "rise-1")).body.data.amount).toBe("2.40");
    expect((await buy(sb, { item_code: "TEST-INSTANT" }, "rise-2")).body.data.amount).toBe("1.20");
    expect(sb.control.getBalance()).toBe("4996.40");
  });

  it("a publishChanges price change between the check and the purchase is what the purchase charges", async () => {
    const sb = makeSandbox();
    const checked = (await call(sb, "POST", "/orders/check", { item_id: "STEAM-US-5" })).body.data.price as number;
    sb.control.publishChanges({ priceChanges: { "STEAM-US-5": "7.00" } });
    const now = (await call(sb, "POST", "/orders/check", { item_id: "STEAM-US-5" })).body.data.price as number;
    expect(now).toBeGreaterThan(checked);
    const r = await buy(sb, { item_code: "STEAM-US-5" }, "pub-1");
    expect(Number(r.body.data.amount)).toBe(now);
    expect(sb.control.listOrders()[0].charged_unit).toBe(now.toFixed(2));
  });
});

describe("sandbox codes the shop cannot decrypt (code encryption with a key the shop does not hold)", () => {
  it("purchase, GET /orders/{id} and the replay all carry codes encrypted for the other key", async () => {
    const upstreamKey = keyPair();
    const shopKey = keyPair();
    const sb = makeSandbox();
    sb.control.setOptions({ publicKeyPem: upstreamKey.publicKey, codeEncryption: true });
    const r = await buy(sb, { item_code: "TEST-INSTANT" }, "enc-1");
    const detail = await call(sb, "GET", `/orders/${r.body.data.order_id}`);
    const replay = await buy(sb, { item_code: "TEST-INSTANT" }, "enc-1");
    const codes = [r, detail, replay].map((x) => x.body.data.codes[0].code as string);
    for (const code of codes) {
      expect(isEncryptedCode(code)).toBe(true);
      expect(() => decryptCode(code, shopKey.privateKey)).toThrow();
    }
    expect(new Set(codes.map((c) => decryptCode(c, upstreamKey.privateKey))).size).toBe(1);
  });
});
