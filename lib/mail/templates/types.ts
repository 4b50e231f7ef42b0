// What every email template returns, and what the layout adds around it.
import type { ReactNode } from "react";

/** The shop as every email shows it: its name in the header, its address for links. */
export type Brand = { shopName: string; appUrl: string };

/**
 * One email's content before the layout: the subject (the shop's name is put in front of it),
 * the inbox preview line, the heading and the body. Rendering gives the HTML and the text part.
 */
export type EmailContent = {
  subject: string;
  preview: string;
  heading: string;
  body: ReactNode;
  /** The language the email is written in (the order's); absent: English. */
  locale?: string;
};

/** A line of an order as emails list it (amounts already formatted). */
export type EmailOrderLine = { name: string; quantity: number; amount: string };

/** The order an email is about: its reference (when the shop gives one), its page and its receipt. */
export type EmailOrder = { reference?: string | null; url: string; receiptUrl?: string };
