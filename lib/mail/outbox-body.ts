// What an outbox row keeps and what its worker sends. The row's text and HTML never hold a secret:
// links that open an order or an account are masked there, codes are left out; the message as it
// is sent is stored encrypted (`secretEnc`, AES-256-GCM, docs/email.md#secrets-at-rest) until it
// is sent, then wiped. A database reader, a backup or a staff view finds no usable link.
import "server-only";
import { decryptJson, encryptJson } from "@/lib/crypto/codes-cipher";
import { maskSecretLinks } from "./secret-links";

export type MailBody = { html: string | null; text: string };

/**
 * The row's columns for a rendered email: `shown` masked, and the message to send (`secret`, the
 * copy with codes, or else `shown`) sealed whenever it holds anything the row does not.
 */
export function sealOutboxBody(shown: MailBody, secret?: MailBody | null): MailBody & { secretEnc: string | null } {
  const kept = { text: maskSecretLinks(shown.text), html: shown.html === null ? null : maskSecretLinks(shown.html) };
  const sent = secret ?? shown;
  const holdsSecret = Boolean(secret) || kept.text !== shown.text || kept.html !== shown.html;
  return { ...kept, secretEnc: holdsSecret ? encryptJson({ html: sent.html, text: sent.text }) : null };
}

/** The message to send: the sealed copy while there is one, else the row as kept. Throws on a wrong key. */
export function openOutboxBody(row: MailBody & { secretEnc: string | null }): MailBody {
  return row.secretEnc ? decryptJson<MailBody>(row.secretEnc) : { html: row.html, text: row.text };
}
