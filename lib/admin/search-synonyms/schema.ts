// What an owner may send to edit a search synonym; the same schema validates the form in the browser.
import { z } from "zod";
import { searchLanguageSchema } from "@/lib/catalog/search/languages";

const words = (max: number, label: string) =>
  z
    .string()
    .transform((s) => s.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, `Enter ${label}.`).max(max, `At most ${max} characters.`));

export const searchSynonymSchema = z
  .object({
    id: z.string().min(1).max(40).optional(),
    language: searchLanguageSchema,
    term: words(60, "what shoppers type"),
    expandsTo: words(120, "what it means in the catalog"),
  })
  .strict()
  .refine((s) => s.term !== s.expandsTo, { message: "A synonym must mean something else.", path: ["expandsTo"] });
export type SearchSynonymForm = z.input<typeof searchSynonymSchema>;

export const deleteSearchSynonymSchema = z.object({ id: z.string().min(1).max(40) }).strict();
