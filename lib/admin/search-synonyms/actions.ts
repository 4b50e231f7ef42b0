// Owners edit the search synonyms (docs/catalog-sync-and-search.md#synonyms). Each change moves
// the catalog version in its own transaction, so every instance's cached searches, vocabulary
// and suggestions follow it at once (this one's cached search pages before the action answers),
// and is audited with the synonym before and after.
import "server-only";
import { runStaffAction } from "@/lib/admin/staff-action";
import { recordAudit } from "@/lib/audit/record";
import { notifyCatalogChanged } from "@/lib/catalog/cache/page-invalidation";
import { commitCatalogChange } from "@/lib/catalog/catalog-version";
import { db, Prisma } from "@/lib/db";
import type { ActionState } from "@/lib/errors";
import { deleteSearchSynonymSchema, searchSynonymSchema } from "./schema";

type Row = { id: string; language: string; term: string; expandsTo: string } | null;
// A new synonym has no "before": the audit row stores none (not the text "null").
const snapshot = (r: Row) => (r ? { id: r.id, language: r.language, term: r.term, expandsTo: r.expandsTo } : undefined);

// Synonyms are an owner's setting, as the shop's other settings.
const permission = "settings.write" as const;

/** Creates a synonym (no id) or edits one. */
export async function saveSearchSynonym(input: unknown): Promise<ActionState> {
  return runStaffAction(permission, searchSynonymSchema, input, async (actor, data) => {
    const before = data.id ? await db.searchSynonym.findUnique({ where: { id: data.id } }) : null;
    if (data.id && !before) return { ok: false, message: "That synonym no longer exists." };
    const values = { language: data.language, term: data.term, expandsTo: data.expandsTo };
    let after;
    try {
      after = await db.$transaction(async (tx) => {
        const row = before
          ? await tx.searchSynonym.update({ where: { id: before.id }, data: values })
          : await tx.searchSynonym.create({ data: values });
        await commitCatalogChange(tx);
        return row;
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
        return {
          ok: false,
          message: "That language already has a synonym for these words.",
          fieldErrors: { term: ["Already a synonym: edit that one."] },
        };
      }
      throw error;
    }
    await notifyCatalogChanged();
    await recordAudit({
      actor,
      action: before ? "search.synonym.update" : "search.synonym.create",
      targetType: "search_synonym",
      targetId: after.id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return { ok: true, message: `Saved: “${after.term}” now also finds “${after.expandsTo}”.` };
  });
}

/** Deletes a synonym. */
export async function deleteSearchSynonym(input: unknown): Promise<ActionState> {
  return runStaffAction(permission, deleteSearchSynonymSchema, input, async (actor, { id }) => {
    const before = await db.searchSynonym.findUnique({ where: { id } });
    if (!before) return { ok: false, message: "That synonym no longer exists." };
    await db.$transaction(async (tx) => {
      await tx.searchSynonym.delete({ where: { id } });
      await commitCatalogChange(tx);
    });
    await notifyCatalogChanged();
    await recordAudit({
      actor,
      action: "search.synonym.delete",
      targetType: "search_synonym",
      targetId: id,
      before: snapshot(before),
    });
    return { ok: true, message: `Deleted the synonym “${before.term}”.` };
  });
}
