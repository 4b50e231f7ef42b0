"use client";
// The shop's answers (validation, checkout, the account check) in the page's language: a known
// sentence reads from the "validation" catalog, anything else as sent (lib/i18n/shopper-messages.ts).
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { shopperMessageKey } from "@/lib/i18n/shopper-messages";

export function useShopperText(): (message: string) => string {
  const t = useTranslations("validation");
  return useCallback(
    (message: string) => {
      const match = shopperMessageKey(message);
      return match && t.has(match.key as "email") ? t(match.key as "email", match.values as never) : message;
    },
    [t],
  );
}
