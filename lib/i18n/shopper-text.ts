// The shop's answers in the page's language on the server (a page that shows a refusal it met
// while rendering): the same reading as components/ui/use-shopper-text.ts, a known sentence from
// the "validation" catalog, anything else as sent (lib/i18n/shopper-messages.ts).
import "server-only";
import { getTranslations } from "next-intl/server";
import { shopperSentenceKeys } from "./shopper-messages";

export async function shopperTextOnServer(message: string): Promise<string> {
  const t = await getTranslations("validation");
  const matches = shopperSentenceKeys(message);
  if (!matches || !matches.every((m) => t.has(m.key as "email"))) return message;
  return matches.map((m) => t(m.key as "email", m.values as never)).join(" ");
}
