// Footer pages (issue 14 item 9): shown with defaults until an owner edits them; only owners
// edit; every save is audited; Markdown is rendered without raw HTML.
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
});
