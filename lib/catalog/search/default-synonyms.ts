// The synonyms a new shop starts with, per shipped language: what shoppers type for what the
// catalog calls it (owners edit them in the admin). English ones apply in every language. Pure.
import type { SearchLanguage } from "./languages";

export const defaultSynonyms: Record<SearchLanguage, [term: string, expandsTo: string][]> = {
  en: [
    ["itunes", "apple"],
    ["psn", "playstation"],
    ["playstation network", "playstation"],
    ["steam wallet", "steam"],
    ["xbox live", "xbox"],
    ["mlbb", "mobile legends"],
    ["ff", "free fire"],
    ["recharge", "top-up"],
    ["reload", "top-up"],
    ["game voucher", "game card"],
  ],
  id: [
    ["isi ulang", "top-up"],
    ["kartu hadiah", "gift card"],
    ["voucher hadiah", "gift card"],
    ["kartu game", "game card"],
    ["voucher game", "game card"],
    ["kartu", "card"],
    ["langganan", "subscription"],
    ["permainan", "game"],
  ],
  es: [
    ["recarga", "top-up"],
    ["tarjeta regalo", "gift card"],
    ["tarjeta de regalo", "gift card"],
    ["tarjeta de juego", "game card"],
    ["tarjeta", "card"],
    ["suscripción", "subscription"],
    ["juego", "game"],
  ],
  "pt-BR": [
    ["recarga", "top-up"],
    ["cartão presente", "gift card"],
    ["vale-presente", "gift card"],
    ["cartão de jogo", "game card"],
    ["cartão", "card"],
    ["assinatura", "subscription"],
    ["jogo", "game"],
  ],
  ar: [
    ["بطاقة هدايا", "gift card"],
    ["بطاقة هدية", "gift card"],
    ["بطاقة ألعاب", "game card"],
    ["بطاقة", "card"],
    ["شحن", "top-up"],
    ["اشتراك", "subscription"],
    ["ايتونز", "apple"],
    ["ستيم", "steam"],
    ["بلايستيشن", "playstation"],
  ],
};
