"use client";
// The account actions' answers in the page's language: a known sentence reads from the
// "auth.answers" catalog, a checkout or validation answer from "validation", anything else as
// sent (lib/i18n/account-answers.ts, lib/i18n/shopper-messages.ts).
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { useShopperText } from "@/components/ui/use-shopper-text";
import { accountAnswerKey } from "@/lib/i18n/account-answers";

export function useAccountText(): (message: string) => string {
  const t = useTranslations("auth.answers");
  const shopperText = useShopperText();
  return useCallback(
    (message: string) => {
      const match = accountAnswerKey(message);
      return match && t.has(match.key as "signedUp")
        ? t(match.key as "signedUp", match.values as never)
        : shopperText(message);
    },
    [t, shopperText],
  );
}
