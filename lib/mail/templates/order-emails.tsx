// The shopper's order emails: placed, codes ready, top-up credited, refunded, and the order link
// sent again by staff. Presentational: every value arrives as a prop, links already absolute.
import { ActionButton, CodesBox, OrderLines, P, TextLink } from "./parts";
import type { EmailContent, EmailOrder, EmailOrderLine } from "./types";

const keepNote = "Keep this email: the button is your way back to the order, and anyone with the link can open it.";

/** Payment confirmed: what was bought, a promo code's discount, the total, the order page and the receipt. */
export function orderPlacedEmail(p: {
  order: EmailOrder;
  lines: EmailOrderLine[];
  total: string;
  discount?: { code: string; amount: string };
}): EmailContent {
  const ref = p.order.reference;
  return {
    subject: ref ? `order ${ref} confirmed` : "we received your order",
    preview: "Your payment is confirmed and we are getting your order ready.",
    heading: ref ? `Thanks for order ${ref}` : "Thanks for your order",
    body: (
      <>
        <P>
          Your payment is confirmed. We are buying your items from our supplier now; most are ready within a minute, and
          we email you as each one is.
        </P>
        <OrderLines
          lines={p.lines}
          total={p.total}
          discount={p.discount ? { label: `Discount (code ${p.discount.code})`, amount: p.discount.amount } : undefined}
        />
        <ActionButton href={p.order.url}>Follow your order</ActionButton>
        {p.order.receiptUrl ? <TextLink label="Your receipt, to print or keep:" href={p.order.receiptUrl} /> : null}
        <P muted>{keepNote}</P>
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
}): EmailContent {
  const plural = p.quantity > 1 || (p.codes?.length ?? 0) > 1;
  return {
    subject: `your ${p.productName} ${plural ? "codes are" : "code is"} ready`,
    preview: p.codes ? "Your codes are inside and on your order page." : "Open your order page to see your codes.",
    heading: `Your ${p.productName} ${plural ? "codes are" : "code is"} ready`,
    body: (
      <>
        {p.codes ? (
          <>
            <P>{`Here ${plural ? "are your codes" : "is your code"}. Treat ${plural ? "them" : "it"} like cash: anyone who has a code can redeem it.`}</P>
            <CodesBox codes={p.codes} />
          </>
        ) : (
          <P>{`${plural ? "Your codes are" : "Your code is"} waiting on your order page. For your safety we never put codes in emails: open the page and press “Reveal codes”.`}</P>
        )}
        <ActionButton href={p.order.url}>{p.codes ? "Open your order" : "See your codes"}</ActionButton>
        <P muted>{keepNote}</P>
      </>
    ),
  };
}

/** A direct top-up reached the player's account. */
export function topupCreditedEmail(p: { order: EmailOrder; productName: string }): EmailContent {
  return {
    subject: `your ${p.productName} has been credited`,
    preview: "The top-up reached the account you entered.",
    heading: `${p.productName} credited`,
    body: (
      <>
        <P>{`Your ${p.productName} top-up has been credited to the account you entered at checkout. It can take a few minutes to show in the game.`}</P>
        <ActionButton href={p.order.url}>View your order</ActionButton>
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
}): EmailContent {
  return {
    subject: `refund for ${p.itemName}`,
    preview: `We refunded ${p.amount} to your payment method.`,
    heading: `We refunded ${p.amount}`,
    body: (
      <>
        <P>{`${p.delivered ? `We refunded ${p.itemName}.` : `We could not deliver ${p.itemName}.`} Reason: ${p.reason}`}</P>
        <P>{`We refunded ${p.amount} to your payment method. Depending on your bank it can take a few business days to show on your statement.`}</P>
        <ActionButton href={p.order.url}>View your order</ActionButton>
      </>
    ),
  };
}

/** Staff sent the order link again (the buyer lost the first email). */
export function orderLinkEmail(p: { order: EmailOrder }): EmailContent {
  return {
    subject: "your order",
    preview: "Here is the link to your order again.",
    heading: "Here is your order",
    body: (
      <>
        <P>{`Here is the link to ${p.order.reference ? `order ${p.order.reference}` : "your order"} again. It shows the order's status and, once delivered, your codes.`}</P>
        <ActionButton href={p.order.url}>Open your order</ActionButton>
        <P muted>{keepNote}</P>
      </>
    ),
  };
}
