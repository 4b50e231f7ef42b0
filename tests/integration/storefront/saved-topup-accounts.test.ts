// Saved top-up accounts (issue 14 item 4): a signed-in shopper can pick an account used before;
// stored encrypted (M6), de-duplicated, a few per family, visible and removable only by its owner.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import {
  forgetSavedTopupAccount,
  listSavedTopupAccounts,
  rememberOrderTopupAccounts,
  rememberTopupAccount,
  savedAccountsPerFamily,
} from "@/lib/topup/saved-accounts";
import { GET } from "@/app/api/account/topup-accounts/route";
import { checkout, createHarness, type Harness } from "../orders/harness";
import { createRoleUsers, type TestUsers } from "../auth/helpers";

let h: Harness;
let users: TestUsers;
let family: string;

beforeAll(async () => {
  h = await createHarness();
  users = await createRoleUsers("saved");
  family = (await db.product.findUniqueOrThrow({ where: { itemCode: "TEST-TOPUP" } })).familySlug;
});
afterAll(async () => {
  setSessionOverrideForTests(undefined);
  await h.close();
});

describe("saved top-up accounts", () => {
  it("remembers the account of a placed top-up with the name the upstream gave, encrypted", async () => {
    const r = await checkout(h, [{ itemCode: "TEST-TOPUP", fields: { player_id: " 12345678 " } }]);
    if (!r.ok) throw new Error(r.message);
    await rememberOrderTopupAccounts(users.shopper.id, r.orderId, [
      { itemCode: "TEST-TOPUP", fields: { player_id: " 12345678 " } },
    ]);
    expect(await listSavedTopupAccounts(users.shopper.id, family)).toMatchObject([
      { fields: { player_id: "12345678" }, displayName: "Player 5678" },
    ]);
    const row = await db.savedTopupAccount.findFirstOrThrow({ where: { userId: users.shopper.id } });
    expect(row.fieldsEnc).not.toContain("12345678");
    expect(row.fieldsDigest).not.toContain("12345678");
  });

  it("keeps one entry per account and only the most recent few", async () => {
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    await rememberTopupAccount(users.owner.id, family, { player_id: "111111" }, "A", at(1));
    await rememberTopupAccount(users.owner.id, family, { player_id: "111111" }, "A", at(2));
    for (let i = 0; i < savedAccountsPerFamily + 2; i++)
      await rememberTopupAccount(users.owner.id, family, { player_id: `22222${i}` }, null, at(10 + i));
    const saved = await listSavedTopupAccounts(users.owner.id, family);
    expect(saved).toHaveLength(savedAccountsPerFamily);
    expect(saved[0]!.fields.player_id).toBe(`22222${savedAccountsPerFamily + 1}`);
    expect(saved.map((s) => s.fields.player_id)).not.toContain("111111");
  });

  it("shows them only to their owner, and only the owner can forget one", async () => {
    const mine = (await listSavedTopupAccounts(users.shopper.id, family))[0]!;
    expect(await forgetSavedTopupAccount(users.staff.id, mine.id)).toBe(false);
    setSessionOverrideForTests(null);
    const guest = await (await GET(new Request(`http://shop.test/api/account/topup-accounts?family=${family}`))).json();
    expect(guest).toEqual({ ok: true, signedIn: false, accounts: [] });
    setSessionOverrideForTests({ userId: users.shopper.id });
    const res = await GET(new Request(`http://shop.test/api/account/topup-accounts?family=${family}`));
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect((await res.json()).accounts).toHaveLength(1);
    expect(await forgetSavedTopupAccount(users.shopper.id, mine.id)).toBe(true);
    expect(await listSavedTopupAccounts(users.shopper.id, family)).toEqual([]);
  });
});
