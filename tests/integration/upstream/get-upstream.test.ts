// The process singleton: built from env with the shared budget, replaceable by tests.
import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { getUpstream, normalisePem, setUpstream, UpstreamClient } from "@/lib/upstream";
import { signChallenge, verifyChallengeSignature } from "@/lib/upstream/wire-crypto";
import { createHarness } from "./sandbox-client";

afterEach(() => setUpstream(null));

describe("getUpstream / setUpstream", () => {
  it("returns one client per process", () => {
    const first = getUpstream();
    expect(first).toBeInstanceOf(UpstreamClient);
    expect(getUpstream()).toBe(first);
  });

  it("lets a test inject a client on the in-process sandbox, and null restores the env client", async () => {
    const h = createHarness();
    const injected = h.client();
    setUpstream(injected);
    expect(getUpstream()).toBe(injected);
    expect((await getUpstream().balance()).balance).toBe("5000.00");
    setUpstream(null);
    expect(getUpstream()).not.toBe(injected);
    h.sandbox.close();
  });

  it("the env client spends the shared database budget", async () => {
    const h = createHarness();
    const { db } = await import("@/lib/db");
    await db.upstreamBudget.deleteMany();
    // Same construction as getUpstream(), pointed at the in-process sandbox.
    const { DbBudget } = await import("@/lib/upstream");
    const c = h.client({ budget: new DbBudget({ db, apiKey: "sandbox_test_key_0123456789", limit: 100 }) });
    await c.balance();
    expect((await db.upstreamBudget.findFirstOrThrow()).used).toBe(1);
    h.sandbox.close();
  });
});

describe("normalisePem", () => {
  it("turns an inline PEM with literal \\n into a usable key", () => {
    const pair = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const inline = pem.trim().replace(/\n/g, "\\n");
    const restored = normalisePem(inline)!;
    const publicPem = pair.publicKey.export({ type: "spki", format: "pem" }).toString();
    expect(verifyChallengeSignature("abc", signChallenge("abc", restored), publicPem)).toBe(true);
  });

  it("treats an unset key as absent", () => {
    expect(normalisePem(undefined)).toBeUndefined();
    expect(normalisePem("")).toBeUndefined();
  });
});
