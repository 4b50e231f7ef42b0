// Owners edit search synonyms: each change reaches searches at once (it moves the catalog
// version every cached search is keyed by) and is audited; other roles cannot edit them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { deleteSearchSynonym, saveSearchSynonym } from "@/lib/admin/search-synonyms/actions";
import { readListingStamp } from "@/lib/catalog/queries";
import { searchCatalog } from "@/lib/catalog/search/search-catalog";
import { db } from "@/lib/db";
import { createSearchCatalog } from "@/tests/helpers/search-catalog";
import { actAs, createUsers } from "./staff-session";

let users: Awaited<ReturnType<typeof createUsers>>;

beforeAll(async () => {
  users = await createUsers();
  await createSearchCatalog();
});
afterAll(() => setSessionOverrideForTests(undefined));

const findsIn = async (q: string, language: "id" | "en") => [
  ...new Set((await searchCatalog(q, { language })).hits.map((h) => h.familySlug)),
];
const searchStamp = async () => (await readListingStamp({ q: "kado" }, { language: "id" })).stamp;

describe("search synonyms in the admin", () => {
  it("an owner's new synonym finds its meaning at once, and is audited", async () => {
    actAs(users, "owner");
    expect(await findsIn("kado", "id")).toEqual([]);
    const stamp = await searchStamp();

    const saved = await saveSearchSynonym({ language: "id", term: "  Kado ", expandsTo: "Gift  Card" });

    expect(saved).toMatchObject({ ok: true });
    expect(await searchStamp()).toBeGreaterThan(stamp);
    expect(await findsIn("kado", "id")).toEqual(["amazon-gift-card"]);
    expect(await findsIn("kado", "en")).toEqual([]);
    const row = await db.searchSynonym.findUniqueOrThrow({
      where: { language_term: { language: "id", term: "kado" } },
    });
    expect(row.expandsTo).toBe("gift card");
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "search.synonym.create" } });
    expect(audit).toMatchObject({ actorId: users.owner, targetType: "search_synonym", targetId: row.id, before: null });
    expect(JSON.parse(audit.after!)).toMatchObject({ language: "id", term: "kado", expandsTo: "gift card" });
  });

  it("an owner's edit and deletion take effect at once, each audited with before and after", async () => {
    actAs(users, "owner");
    const row = await db.searchSynonym.findUniqueOrThrow({
      where: { language_term: { language: "id", term: "kado" } },
    });

    expect(await saveSearchSynonym({ id: row.id, language: "id", term: "kado", expandsTo: "top-up" })).toMatchObject({
      ok: true,
    });
    expect((await findsIn("kado", "id")).sort()).toEqual(["free-fire-direct-top-up", "pubg-mobile-direct-top-up"]);
    const update = await db.auditLog.findFirstOrThrow({ where: { action: "search.synonym.update" } });
    expect(JSON.parse(update.before!)).toMatchObject({ expandsTo: "gift card" });
    expect(JSON.parse(update.after!)).toMatchObject({ expandsTo: "top-up" });

    expect(await deleteSearchSynonym({ id: row.id })).toMatchObject({ ok: true });
    expect(await findsIn("kado", "id")).toEqual([]);
    const deletion = await db.auditLog.findFirstOrThrow({ where: { action: "search.synonym.delete" } });
    expect(JSON.parse(deletion.before!)).toMatchObject({ term: "kado", expandsTo: "top-up" });
  });

  it("refuses a second synonym for the same words in one language", async () => {
    actAs(users, "owner");
    const again = await saveSearchSynonym({ language: "id", term: "isi ulang", expandsTo: "gift card" });
    expect(again).toMatchObject({ ok: false, fieldErrors: { term: ["Already a synonym: edit that one."] } });
  });

  it("staff, support, shoppers and the signed-out cannot add, edit or delete one", async () => {
    const target = await db.searchSynonym.findFirstOrThrow({ where: { language: "id", term: "isi ulang" } });
    const audits = await db.auditLog.count();
    for (const who of ["staff", "support", "shopper", "signed-out"] as const) {
      actAs(users, who);
      expect((await saveSearchSynonym({ language: "id", term: "hadiah", expandsTo: "gift card" })).ok).toBe(false);
      expect(
        (await saveSearchSynonym({ id: target.id, language: "id", term: "isi ulang", expandsTo: "steam" })).ok,
      ).toBe(false);
      expect((await deleteSearchSynonym({ id: target.id })).ok).toBe(false);
    }
    expect(await db.searchSynonym.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({
      expandsTo: "top-up",
    });
    expect(await db.searchSynonym.count({ where: { term: "hadiah" } })).toBe(0);
    expect(await db.auditLog.count()).toBe(audits);
  });
});
