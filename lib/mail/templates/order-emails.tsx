// The shopper's order emails: placed, codes ready, top-up credited, refunded, and the order link
// sent again by staff. Presentational: every value arrives as a prop, links already absolute;
// the words come from the "emails" catalog in the order's language (docs/markets.md#languages).
import { translatorFor } from "@/lib/i18n/translator";
import { ActionButton, CodesBox, OrderLines, P, TextLink } from "./parts";
import type { EmailContent, EmailOrder, EmailOrderLine } from "./types";

/** The email's words in `locale` (English when absent). */
const words = (locale: string | undefined) => translatorFor(locale ?? "en", "emails");

/** Payment confirmed: what was bought, a promo code's discount, the total, the order page and the receipt. */
export function orderPlacedEmail(p: {
  order: EmailOrder;
  lines: EmailOrderLine[];
  total: string;
  discount?: { code: string; amount: string };
  locale?: string;
}): EmailContent {
  const t = words(p.locale);
  const reference = p.order.reference || "none";
  return {
    locale: p.locale,
    subject: t("placed.subject", { reference }),
    preview: t("placed.preview"),
    heading: t("placed.heading", { reference }),
    body: (
      <>
        <P>{t("placed.body")}</P>
        <OrderLines
          lines={p.lines}
          total={p.total}
          totalLabel={t("layout.total")}
          discount={
            p.discount
              ? { label: t("placed.discount", { code: p.discount.code }), amount: p.discount.amount }
              : undefined
          }
        />
        <ActionButton href={p.order.url}>{t("placed.follow")}</ActionButton>
        {p.order.receiptUrl ? <TextLink label={t("placed.receipt")} href={p.order.receiptUrl} /> : null}
        <P muted>{t("keepNote")}</P>
      </>
    ),
  };
}

/**
 * A code product is ready. Without `codes` (the default) the email only links to the order page,
 * where the buyer reveals them; with `codes` (the owner's setting) it shows them as well.
 */
export function codesReadyEmail(p: {
  order: EmailOrder;
  productName: string;
  quantity: number;
  codes?: { code: string; label: string }[];
  locale?: string;
}): EmailContent {
  const t = words(p.locale);
  const count = Math.max(p.quantity, p.codes?.length ?? 0);
  const product = p.productName;
  return {
    locale: p.locale,
    subject: t("codes.subject", { product, count }),
    preview: p.codes ? t("codes.previewShown") : t("codes.previewLink"),
    heading: t("codes.heading", { product, count }),
    body: (
      <>
        {p.codes ? (
          <>
            <P>{t("codes.shown", { count })}</P>
            <CodesBox codes={p.codes} />
          </>
        ) : (
          <P>{t("codes.waiting", { count })}</P>
        )}
        <ActionButton href={p.order.url}>{p.codes ? t("codes.open") : t("codes.see")}</ActionButton>
        <P muted>{t("keepNote")}</P>
      </>
    ),
  };
}

/** A direct top-up reached the player's account. */
export function topupCreditedEmail(p: { order: EmailOrder; productName: string; locale?: string }): EmailContent {
  const t = words(p.locale);
  const product = p.productName;
  return {
    locale: p.locale,
    subject: t("topup.subject", { product }),
    preview: t("topup.preview"),
    heading: t("topup.heading", { product }),
    body: (
      <>
        <P>{t("topup.body", { product })}</P>
        <ActionButton href={p.order.url}>{t("topup.view")}</ActionButton>
      </>
    ),
  };
}

/** The frame every refund email shares: its subject and first paragraph, then how the money comes back. */
function refundContent(
  p: { order: EmailOrder; locale?: string },
  facts: Record<string, string | number>,
  subject: string,
  first: string,
): EmailContent {
  const t = words(p.locale);
  return {
    locale: p.locale,
    subject,
    preview: t("refund.preview", facts),
    heading: t("refund.heading", facts),
    body: (
      <>
        <P>{first}</P>
        <P>{t("refund.body", facts)}</P>
        <ActionButton href={p.order.url}>{t("refund.view")}</ActionButton>
      </>
    ),
  };
}

/** Money went back to the buyer: how much, for what, and why. */
export function refundedEmail(p: {
  order: EmailOrder;
  itemName: string;
  amount: string;
  reason: string;
  delivered?: boolean;
  locale?: string;
}): EmailContent {
  const t = words(p.locale);
  const facts = { item: p.itemName, amount: p.amount, reason: p.reason };
  const first = p.delivered ? t("refund.delivered", facts) : t("refund.undelivered", facts);
  return refundContent(p, facts, t("refund.subject", facts), first);
}

/** Part of a line's codes never came: what arrived is on the order page, the rest was refunded. */
export function partRefundedEmail(p: {
  order: EmailOrder;
  itemName: string;
  delivered: number;
  quantity: number;
  amount: string;
  locale?: string;
}): EmailContent {
  const t = words(p.locale);
  const facts = { item: p.itemName, amount: p.amount, delivered: p.delivered, quantity: p.quantity };
  return refundContent(p, facts, t("refund.partSubject", facts), t("refund.part", facts));
}

/**
 * A whole payment went back: one staff held and refunded (`reason`: why), or one that arrived
 * after its order had ended (`late`). Nothing was delivered either way.
 */
export function paymentRefundedEmail(
  p: { order: EmailOrder; amount: string; locale?: string } & ({ late: true } | { late?: false; reason: string }),
): EmailContent {
  const t = words(p.locale);
  const facts = { amount: p.amount };
  const first = p.late ? t("refund.late", facts) : t("refund.held", { ...facts, reason: p.reason });
  return refundContent(p, facts, t("refund.paymentSubject"), first);
}

/** Staff sent the order link again (the buyer lost the first email). */
export function orderLinkEmail(p: { order: EmailOrder; locale?: string }): EmailContent {
  const t = words(p.locale);
  return {
    locale: p.locale,
    subject: t("link.subject"),
    preview: t("link.preview"),
    heading: t("link.heading"),
    body: (
      <>
        <P>{t("link.body", { reference: p.order.reference || "none" })}</P>
        <ActionButton href={p.order.url}>{t("link.open")}</ActionButton>
        <P muted>{t("keepNote")}</P>
      </>
    ),
  };
}
