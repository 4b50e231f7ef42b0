// Owners edit the shop's pages (help, contact, terms, privacy, refund policy); every save is
// audited with the text before and after.
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record";
import { contentPageSlugs, getContentPage } from "@/lib/content/pages";
import type { ActionState } from "@/lib/errors";
import { runStaffAction } from "@/lib/admin/catalog/run-action";

export const contentPageSchema = z
  .object({
    slug: z.enum(contentPageSlugs),
    title: z.string().trim().min(1, "Give the page a title.").max(120),
    body: z
      .string()
      .max(20_000, "Keep the page under 20,000 characters.")
      .transform((v) => v.replace(/\r\n/g, "\n").trim())
      .pipe(z.string().min(1, "Write something.")),
  })
  .strict();

/** Saves one page (owner only), audited as content.update with before/after. */
export async function updateContentPage(input: unknown): Promise<ActionState> {
  return runStaffAction("content.write", contentPageSchema, input, async (actor, data) => {
    const before = await getContentPage(data.slug);
    await db.contentPage.upsert({
      where: { slug: data.slug },
      create: { slug: data.slug, title: data.title, body: data.body, updatedById: actor.id },
      update: { title: data.title, body: data.body, updatedById: actor.id },
    });
    await recordAudit({
      actor,
      action: "content.update",
      targetType: "page",
      targetId: data.slug,
      before: { title: before.title, body: before.body },
      after: { title: data.title, body: data.body },
    });
    return { ok: true, message: `Saved “${data.title}”.` };
  });
}
