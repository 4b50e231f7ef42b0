// Footer pages (issue 14 item 9): shown with defaults until an owner edits them; only owners
// edit; every save is audited; Markdown is rendered without raw HTML; each language has its own
// version, and a language without one shows English's, marked as English.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { updateContentPage } from "@/lib/admin/content/update-page";
import { getContentPage, listContentPages } from "@/lib/content/pages";
import { actAs, createUsers } from "../admin-catalog/staff-session";

let users: Awaited<ReturnType<typeof createUsers>>;
beforeAll(async () => {
  users = await createUsers();
});
afterAll(() => setSessionOverrideForTests(undefined));

describe("content pages", () => {
  it("shows a default for every footer page before anyone edits it", async () => {
    const pages = await listContentPages();
    expect(pages.map((p) => p.slug)).toEqual(["help", "contact", "terms", "privacy", "refund-policy"]);
    const help = await getContentPage("help");
    expect(help.updatedAt).toBeNull();
    expect(help.html).toContain('<a href="/orders/find">Find my order</a>');
  });

  it("lets an owner save Markdown, rendered safely, and audits the before and after", async () => {
    actAs(users, "owner");
    const body = "## Returns\n\nWithin 14 days. <script>alert(1)</script> [x](javascript:alert(1))";
    expect(await updateContentPage({ slug: "refund-policy", title: "Returns", body })).toMatchObject({ ok: true });
    const page = await getContentPage("refund-policy");
    expect(page).toMatchObject({ title: "Returns", body });
    expect(page.html).toContain("<h2>Returns</h2>");
    expect(page.html).not.toMatch(/<script|href="javascript/);
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "content.update", targetId: "refund-policy" },
    });
    expect(audit.actorId).toBe(users.owner);
    expect(JSON.parse(audit.before!)).toMatchObject({ title: "Refund policy" });
    expect(JSON.parse(audit.after!)).toMatchObject({ title: "Returns", body });
  });

  it("refuses staff and support, and an unknown page", async () => {
    for (const role of ["staff", "support"] as const) {
      actAs(users, role);
      expect(await updateContentPage({ slug: "terms", title: "Mine", body: "x" })).toMatchObject({
        ok: false,
        message: "You are not allowed to do that.",
      });
    }
    actAs(users, "owner");
    expect(await updateContentPage({ slug: "secrets", title: "x", body: "x" })).toMatchObject({ ok: false });
    expect((await getContentPage("terms")).title).toBe("Terms of sale");
  });

  it("shows the shipped Indonesian help page, and English where a language has no version", async () => {
    const help = await getContentPage("help", "id");
    expect(help).toMatchObject({ locale: "id", title: "Bantuan", updatedAt: null });
    expect(help.html).toContain('<a href="/orders/find">Cari pesanan saya</a>');
    const terms = await getContentPage("terms", "ar");
    expect(terms).toMatchObject({ locale: "en", title: "Terms of sale" });
  });

  it("saves a language's own version beside English's, audited with its language", async () => {
    actAs(users, "owner");
    const body = "Kami menjawab dalam satu hari kerja.";
    expect(await updateContentPage({ slug: "contact", locale: "id", title: "Hubungi kami", body })).toMatchObject({
      ok: true,
    });
    expect(await getContentPage("contact", "id")).toMatchObject({ locale: "id", title: "Hubungi kami", body });
    expect(await getContentPage("contact")).toMatchObject({ locale: "en", title: "Contact us" });
    expect(await getContentPage("contact", "es")).toMatchObject({ locale: "en", title: "Contact us" });
    expect((await listContentPages()).find((p) => p.slug === "contact")).toMatchObject({
      title: "Contact us",
      locales: ["id"],
    });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "content.update", targetId: "contact" } });
    expect(JSON.parse(audit.before!)).toMatchObject({ locale: "en", title: "Contact us" });
    expect(JSON.parse(audit.after!)).toMatchObject({ locale: "id", title: "Hubungi kami", body });
  });

  it("refuses a language the shop does not ship", async () => {
    actAs(users, "owner");
    expect(await updateContentPage({ slug: "help", locale: "fr", title: "Aide", body: "x" })).toMatchObject({
      ok: false,
    });
    expect(await db.contentPage.count({ where: { locale: "fr" } })).toBe(0);
  });
});
