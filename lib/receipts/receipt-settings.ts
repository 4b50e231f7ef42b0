// What receipts show besides the order: the seller's details and a tax line (off by default).
// Read by the receipt page; written by owners in Settings (settings.write), audited.
import "server-only";
import { runStaffAction } from "@/lib/admin/catalog/run-action";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import type { ActionState } from "@/lib/errors";
import { defaultReceiptSettings, receiptSettingsSchema, type ReceiptSettings } from "./receipt-settings-schema";

const key = "receipt.settings";

/** The owner's receipt settings; a missing or unreadable row means the defaults (no tax line). */
export async function getReceiptSettings(): Promise<ReceiptSettings> {
  const row = await db.setting.findUnique({ where: { key } });
  if (!row) return defaultReceiptSettings;
  try {
    const parsed = receiptSettingsSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : defaultReceiptSettings;
  } catch {
    return defaultReceiptSettings;
  }
}

/** Saves the receipt settings (owners only), with the values before and after in the audit log. */
export async function updateReceiptSettings(input: unknown): Promise<ActionState> {
  return runStaffAction("settings.write", receiptSettingsSchema, input, async (actor, data) => {
    const before = await getReceiptSettings();
    const value = JSON.stringify(data);
    await db.setting.upsert({ where: { key }, create: { key, value }, update: { value } });
    await recordAudit({
      actor,
      action: "settings.receipt.update",
      targetType: "settings",
      targetId: "receipt",
      before,
      after: data,
    });
    return { ok: true, message: "Receipt settings saved." };
  });
}
