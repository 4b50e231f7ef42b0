import "server-only";
import { seedSearchSynonyms } from "@/lib/catalog/search/seed-synonyms";
import { db } from "@/lib/db";
import { seedMarkets } from "@/lib/markets/seed-markets";

/**
 * Creates the default global markup rule, search synonyms and the demo markets when missing;
 * never overwrites staff edits. Returns the slugs of the markets it created.
 */
export async function seedDefaults(): Promise<{ marketsCreated: string[] }> {
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
  const { created } = await seedMarkets();
  return { marketsCreated: created };
}
