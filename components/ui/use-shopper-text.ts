"use client";
// The shop's answers (validation, checkout, the account check) in the page's language: a known
// sentence reads from the "validation" catalog, anything else as sent (lib/i18n/shopper-messages.ts).
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { shopperSentenceKeys } from "@/lib/i18n/shopper-messages";

export function useShopperText(): (message: string) => string {
  const t = useTranslations("validation");
  return useCallback(
    (message: string) => {
      const matches = shopperSentenceKeys(message);
      if (!matches || !matches.every((m) => t.has(m.key as "email"))) return message;
      return matches.map((m) => t(m.key as "email", m.values as never)).join(" ");
    },
    [t],
  );
}
