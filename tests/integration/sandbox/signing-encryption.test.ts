import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptCode, decryptData, isEncryptedCode, isWrapped, signChallenge } from "@/lib/upstream/wire-crypto";
import { buy, call, makeSandbox } from "./sandbox-helpers";

const { publicKey, privateKey } = crypto.generateKeyPairSync("rsa", {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
});

async function signedHeaders(sb: ReturnType<typeof makeSandbox>) {
  const c = await call(sb, "GET", "/challenge");
  return {
    "X-API-Challenge": c.body.data.challenge,
    "X-API-Signature": signChallenge(c.body.data.challenge, privateKey),
  };
}

describe("sandbox request signing (spec 5.4)", () => {
  it("saving a public key switches nothing on; /challenge is unavailable until signing is enabled", async () => {
    const sb = makeSandbox();
    sb.control.setOptions({ publicKeyPem: publicKey });
    expect((await call(sb, "GET", "/balance")).status).toBe(200);
    expect((await call(sb, "GET", "/challenge")).status).toBe(404);
  });

  it("requires a fresh, valid, single-use signed challenge on every other call once enabled", async () => {
    const sb = makeSandbox({ rateLimit: 100 });
    sb.control.setOptions({ publicKeyPem: publicKey, requestSigning: true });
    const c = await call(sb, "GET", "/challenge");
    expect(c.status).toBe(200);
    expect(c.body.data.expires_in).toBe(300);
    expect(typeof c.body.data.challenge).toBe("string");
    expect((await call(sb, "GET", "/balance")).status).toBe(401);
    const headers = {
      "X-API-Challenge": c.body.data.challenge,
      "X-API-Signature": signChallenge(c.body.data.challenge, privateKey),
    };
    const ok = await call(sb, "GET", "/balance", undefined, headers);
    expect(ok.status).toBe(200);
    const reused = await call(sb, "GET", "/balance", undefined, headers);
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ success: false, message: "Unauthorized", data: {} });
  });

  it("rejects a signature made with another key, and a challenge older than 300 s", async () => {
    const sb = makeSandbox();
    sb.control.setOptions({ publicKeyPem: publicKey, requestSigning: true });
    const other = crypto
      .generateKeyPairSync("rsa", { modulusLength: 2048 })
      .privateKey.export({ type: "pkcs8", format: "pem" })
      .toString();
    const c = await call(sb, "GET", "/challenge");
    const forged = {
      "X-API-Challenge": c.body.data.challenge,
      "X-API-Signature": signChallenge(c.body.data.challenge, other),
    };
    expect((await call(sb, "GET", "/balance", undefined, forged)).status).toBe(401);
    const stale = await signedHeaders(sb);
    sb.control.advanceTime(300_001);
    expect((await call(sb, "GET", "/balance", undefined, stale)).status).toBe(401);
    expect((await call(sb, "GET", "/balance", undefined, await signedHeaders(sb))).status).toBe(200);
  });

  it("does not spend the budget on 401s for missing or bad signatures, but does on /challenge", async () => {
    const sb = makeSandbox({ rateLimit: 3 });
    sb.control.setOptions({ publicKeyPem: publicKey, requestSigning: true });
    for (let i = 0; i < 5; i++) expect((await call(sb, "GET", "/balance")).status).toBe(401);
    const h = await signedHeaders(sb);
    const r = await call(sb, "GET", "/balance", undefined, h);
    expect(r.headers.get("X-RateLimit-Remaining")).toBe("1");
  });
});

describe("sandbox response and code encryption (spec 5.5, 5.6)", () => {
  it("wraps data but keeps success and message when response encryption is on", async () => {
    const sb = makeSandbox();
    sb.control.setOptions({ publicKeyPem: publicKey, responseEncryption: true });
    const r = await call(sb, "GET", "/balance");
    expect(r.body.success).toBe(true);
    expect(typeof r.body.message).toBe("string");
    expect(isWrapped(r.body.data)).toBe(true);
    expect(decryptData(r.body.data as never, privateKey)).toEqual({
      balance: "5000.00",
      currency: "USD",
      state: "success",
    });
  });

  it("encrypts codes in POST /orders and GET /orders/{id} so they decrypt to the same code", async () => {
    const sb = makeSandbox();
    sb.control.setOptions({ publicKeyPem: publicKey, codeEncryption: true });
    const r = await buy(sb, { item_code: "TEST-INSTANT" });
    const code = r.body.data.codes[0].code as string;
    expect(isEncryptedCode(code)).toBe(true);
    const plain = decryptCode(code, privateKey);
    expect(plain).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    const detail = await call(sb, "GET", `/orders/${r.body.data.order_id}`);
    expect(decryptCode(detail.body.data.codes[0].code, privateKey)).toBe(plain);
  });

  it("combines response and code encryption independently", async () => {
    const sb = makeSandbox();
    sb.control.setOptions({ publicKeyPem: publicKey, codeEncryption: true, responseEncryption: true });
    const r = await buy(sb, { item_code: "TEST-INSTANT" });
    const data = decryptData(r.body.data as never, privateKey) as { codes: { code: string }[] };
    expect(isEncryptedCode(data.codes[0].code)).toBe(true);
    sb.control.setOptions({ codeEncryption: false, responseEncryption: false });
    expect(isEncryptedCode((await buy(sb, { item_code: "TEST-INSTANT" })).body.data.codes[0].code)).toBe(false);
  });
});
