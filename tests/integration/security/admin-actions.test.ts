// Every admin server action and admin route handler, found by a glob at test time (so new ones
// are covered without editing this file), called signed out and as a shopper: each must refuse
// (ActionState ok:false with the sign-in/forbidden message, a thrown AppError unauthorized/
// forbidden, or a 401/403 response) and leave no AuditLog row.
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/accounts";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";

const root = path.resolve(__dirname, "../../..");
const sourceFiles = ["app/(request)/admin", "lib/admin"].flatMap((dir) =>
  (fs.readdirSync(path.join(root, dir), { recursive: true }) as string[])
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(dir, f)),
);
const isServerActionFile = (f: string) =>
  /^\s*(\/\/[^\n]*\n\s*)*["']use server["']/.test(fs.readFileSync(path.join(root, f), "utf8"));
const actionFiles = sourceFiles.filter(isServerActionFile).sort();
const routeFiles = sourceFiles.filter((f) => path.basename(f) === "route.ts").sort();

type Fn = (...args: unknown[]) => unknown;
const actions: { name: string; fn: Fn }[] = [];
for (const file of actionFiles) {
  const mod = (await import(/* @vite-ignore */ path.join(root, file))) as Record<string, unknown>;
  for (const [name, fn] of Object.entries(mod))
    if (typeof fn === "function") actions.push({ name: `${file} ${name}`, fn: fn as Fn });
}
const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const routes: { name: string; fn: Fn }[] = [];
for (const file of routeFiles) {
  const mod = (await import(/* @vite-ignore */ path.join(root, file))) as Record<string, unknown>;
  for (const m of methods) if (typeof mod[m] === "function") routes.push({ name: `${m} ${file}`, fn: mod[m] as Fn });
}

/** Plausible input for either action shape: (prevState, FormData) or (input) or (). */
function argsFor(fn: Fn): unknown[] {
  const fd = new FormData();
  const fields = {
    id: "x",
    lineId: "x",
    orderId: "x",
    userId: "x",
    ruleId: "x",
    email: "attacker@example.test",
    role: "owner",
    reason: "because",
    confirm: "yes",
    disabled: "true",
    mode: "full",
  };
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  if (fn.length >= 2) return [null, fd];
  if (fn.length === 1) return [fields];
  return [];
}

const refusalMessage = { signedOut: "Please sign in.", shopper: "You are not allowed to do that." } as const;
const refusalCode = { signedOut: "unauthorized", shopper: "forbidden" } as const;
const refusalStatus = { signedOut: 401, shopper: 403 } as const;

let shopperId = "";
beforeAll(async () => {
  shopperId = (
    await createUser({
      email: "shopper-probe@example.test",
      password: "pw-0123456789",
      role: "shopper",
      verified: true,
    })
  ).id;
});
afterEach(() => setSessionOverrideForTests(undefined));

function actAs(who: keyof typeof refusalMessage) {
  setSessionOverrideForTests(who === "shopper" ? { userId: shopperId } : null);
}

describe("every admin action and route refuses signed-out callers and shoppers", () => {
  it("finds the admin actions and routes by glob", () => {
    // The known ones at the time of writing; more are welcome, fewer means the glob broke.
    const names = actions.map((a) => a.name.split(" ")[1]);
    expect(names).toEqual(
      expect.arrayContaining([
        "refundLineAction",
        "revealCodesAction",
        "createStaffAction",
        "changeStaffRoleAction",
        "setStaffDisabledAction",
        "refreshBalanceAction",
      ]),
    );
    expect(routes.map((r) => r.name)).toContain("GET app/(request)/admin/orders/export/route.ts");
  });

  for (const who of ["signedOut", "shopper"] as const) {
    for (const { name, fn } of actions) {
      it(`refuses ${name} ${who === "shopper" ? "to a shopper" : "when signed out"}`, async () => {
        actAs(who);
        const audits = await db.auditLog.count();
        let outcome: unknown;
        try {
          outcome = await fn(...argsFor(fn));
        } catch (err) {
          expect(err).toBeInstanceOf(AppError);
          expect((err as AppError).code).toBe(refusalCode[who]);
          outcome = "thrown";
        }
        if (outcome !== "thrown") expect(outcome).toMatchObject({ ok: false, message: refusalMessage[who] });
        expect(await db.auditLog.count()).toBe(audits);
      });
    }
    for (const { name, fn } of routes) {
      it(`answers ${refusalStatus[who]} to ${name} ${who === "shopper" ? "for a shopper" : "when signed out"}`, async () => {
        actAs(who);
        const audits = await db.auditLog.count();
        const res = (await fn(new Request("http://shop.test/admin/x", { method: name.split(" ")[0] }), {
          params: Promise.resolve({ id: "x" }),
        })) as Response;
        expect(res.status).toBe(refusalStatus[who]);
        expect(await db.auditLog.count()).toBe(audits);
      });
    }
  }
});
