// Every email the shop can send, as template functions returning EmailContent; render with
// lib/mail/render-email.ts and record with queueEmail (lib/mail/send-email.ts).
export { passwordResetEmail, verifyEmailEmail } from "./account-emails";
export { alertEmail, type AlertEmailProps } from "./alert-email";
export { formatEmailMoney } from "./format";
export {
  codesReadyEmail,
  orderLinkEmail,
  orderPlacedEmail,
  partRefundedEmail,
  paymentRefundedEmail,
  refundedEmail,
  topupCreditedEmail,
} from "./order-emails";
export { plainMessageEmail } from "./plain-message";
export type { Brand, EmailContent, EmailOrder, EmailOrderLine } from "./types";
