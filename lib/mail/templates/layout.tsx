// The one layout of every email the shop sends (orders, accounts, alerts): the shop's name as
// the header, a heading, the body, and a footer that says why the reader got it. Inline styles
// and tables only (React Email's components), so it renders the same in every mail client.
import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { directionOf } from "@/lib/i18n/locales";
import { localeOr, translatorFor } from "@/lib/i18n/translator";
import type { Brand } from "./types";

export const colors = { brand: "#1d4ed8", ink: "#0f172a", muted: "#475569", line: "#e2e8f0", page: "#f1f5f9" } as const;

const body = {
  backgroundColor: colors.page,
  fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  margin: 0,
  padding: "24px 0",
};
const card = {
  backgroundColor: "#ffffff",
  border: `1px solid ${colors.line}`,
  borderRadius: "8px",
  maxWidth: "560px",
  padding: "24px 32px",
};

type Props = { brand: Brand; preview: string; heading: string; locale?: string; children: ReactNode };

/** Wraps a template's body; `preview` is the line inbox lists show next to the subject. */
export function EmailLayout({ brand, preview, heading, locale, children }: Props) {
  const lang = localeOr(locale);
  const t = translatorFor(lang, "emails");
  return (
    <Html lang={lang} dir={directionOf(lang)}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={card}>
          {/* The subject already names the shop: the text part skips the header. */}
          <Section data-skip-in-text="true">
            <Link
              href={brand.appUrl}
              style={{ color: colors.brand, fontSize: "20px", fontWeight: 700, textDecoration: "none" }}
            >
              {brand.shopName}
            </Link>
          </Section>
          <Heading as="h1" style={{ color: colors.ink, fontSize: "22px", lineHeight: "28px", margin: "24px 0 8px" }}>
            {heading}
          </Heading>
          {children}
          <Hr style={{ borderColor: colors.line, margin: "28px 0 12px" }} />
          <Text style={{ color: colors.muted, fontSize: "12px", lineHeight: "18px", margin: 0 }}>
            {`${brand.shopName} · `}
            <Link href={brand.appUrl} style={{ color: colors.muted }}>
              {brand.appUrl}
            </Link>
            <br />
            {t("layout.footer", { shop: brand.shopName })}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
