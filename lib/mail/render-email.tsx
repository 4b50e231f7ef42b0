// Turns a template's content into the message's parts: the HTML from the React Email
// components, and the plain-text part from that same HTML, so the two never disagree.
import { render } from "@react-email/render";
import { EmailLayout } from "./templates/layout";
import type { Brand, EmailContent } from "./templates/types";

export type RenderedEmail = { subject: string; html: string; text: string };

/** Renders `content` in the shop's layout; the subject gets the shop's name in front. */
export async function renderEmail(content: EmailContent, brand: Brand): Promise<RenderedEmail> {
  const element = (
    <EmailLayout brand={brand} preview={content.preview} heading={content.heading} locale={content.locale}>
      {content.body}
    </EmailLayout>
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: `${brand.shopName}: ${content.subject}`, html, text };
}
