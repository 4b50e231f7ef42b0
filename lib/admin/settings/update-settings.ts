// Owner-only writes of the shop settings, audited with the effective values before and after.
import "server-only";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record";
import type { ActionState } from "@/lib/errors";
import { runStaffAction } from "@/lib/admin/catalog/run-action";
import { shopSettingsSchema } from "./settings-schema";
import { getShopSettings, settingKeys } from "./shop-settings";

export { shopSettingsSchema, type ShopSettingsForm } from "./settings-schema";

/** Saves every shop setting in one transaction (settings.write is the owner's alone). */
export async function updateShopSettings(input: unknown): Promise<ActionState> {
  return runStaffAction("settings.write", shopSettingsSchema, input, async (actor, data) => {
    const before = await getShopSettings();
    await db.$transaction(
      (Object.keys(settingKeys) as (keyof typeof settingKeys)[]).map((name) =>
        db.setting.upsert({
          where: { key: settingKeys[name] },
          create: { key: settingKeys[name], value: data[name] },
          update: { value: data[name] },
        }),
      ),
    );
    const after = await getShopSettings();
    await recordAudit({ actor, action: "settings.update", targetType: "settings", targetId: "shop", before, after });
    return { ok: true, message: "Settings saved." };
  });
}
