import "server-only";
import { seedSearchSynonyms } from "@/lib/catalog/search/seed-synonyms";
import { db } from "@/lib/db";

/** Creates the default global markup rule and search synonyms when missing; never overwrites staff edits. */
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
  await seedSearchSynonyms();
}
