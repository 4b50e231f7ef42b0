// Seeds the default synonyms of each shipped language once (default-synonyms.ts). A language
// seeded before is never seeded again, so a synonym an owner deleted or changed stays so.
import "server-only";
import { db } from "@/lib/db";
import { commitCatalogChange, readCatalogVersion } from "../catalog-version";
import { defaultSynonyms } from "./default-synonyms";
import { termWords } from "./expand";
import { searchLanguages } from "./languages";

const seededKey = "search.synonyms.seeded";

/** Creates the default synonyms of every language not seeded yet; returns how many were created. */
export async function seedSearchSynonyms(): Promise<number> {
  return db.$transaction(async (tx) => {
    const row = await tx.setting.findUnique({ where: { key: seededKey } });
    const seeded = new Set((row?.value ?? "").split(",").filter(Boolean));
    const languages = searchLanguages.filter((l) => !seeded.has(l));
    if (languages.length === 0) return 0;
    let created = 0;
    for (const language of languages) {
      for (const [term, expandsTo] of defaultSynonyms[language]) {
        const data = { language, term: termWords(term).join(" "), expandsTo: termWords(expandsTo).join(" ") };
        const have = await tx.searchSynonym.findUnique({ where: { language_term: { language, term: data.term } } });
        if (have) continue;
        await tx.searchSynonym.create({ data });
        created++;
      }
      seeded.add(language);
    }
    const value = [...seeded].join(",");
    await tx.setting.upsert({ where: { key: seededKey }, create: { key: seededKey, value }, update: { value } });
    // Searches are cached by catalog version: new synonyms move it (a catalog that never changed
    // has nothing cached from it, and a new shop's first sync starts at version 1).
    if (created > 0 && (await readCatalogVersion(tx)) > 0) await commitCatalogChange(tx);
    return created;
  });
}
