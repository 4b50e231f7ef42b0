// Owners edit the shop's pages (help, contact, terms, privacy, refund policy); every save is
// audited with the language and the text before and after. Each language has its own version
// (docs/markets.md#languages); English is the one shown where a language has none.
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record";
import { contentPageSlugs, getContentPage } from "@/lib/content/pages";
import { defaultLocale, locales } from "@/lib/i18n/locales";
import type { ActionState } from "@/lib/errors";
import { runStaffAction } from "@/lib/admin/staff-action";

export const contentPageSchema = z
  .object({
    slug: z.enum(contentPageSlugs),
    locale: z.enum(locales).default(defaultLocale),
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
    const { slug, locale } = data;
    const before = await getContentPage(slug, locale);
    await db.contentPage.upsert({
      where: { slug_locale: { slug, locale } },
      create: { slug, locale, title: data.title, body: data.body, updatedById: actor.id },
      update: { title: data.title, body: data.body, updatedById: actor.id },
    });
    await recordAudit({
      actor,
      action: "content.update",
      targetType: "page",
      targetId: data.slug,
      before: { locale: before.locale, title: before.title, body: before.body },
      after: { locale, title: data.title, body: data.body },
    });
    return { ok: true, message: `Saved “${data.title}”.` };
  });
}
