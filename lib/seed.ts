import "server-only";
import { db } from "@/lib/db";

/** Creates the default global markup rule when none exists; never overwrites staff edits. */
export async function seedDefaults(): Promise<void> {
  await db.pricingRule.upsert({
    where: { scope_key: { scope: "global", key: "" } },
    create: {
      scope: "global",
      key: "",
      markupPercent: "8",
      fixedFee: "0.00",
      rounding: "0.99",
      minMarginAmount: "0.25",
    },
    update: {},
  });
}
