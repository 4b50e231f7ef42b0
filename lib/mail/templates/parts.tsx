// Small pieces the templates share: a paragraph, the main button, the order's lines, codes.
import { Button, Column, Link, Row, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { colors } from "./layout";
import type { EmailOrderLine } from "./types";

/** Body text. */
export function P({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text
      style={{
        color: muted ? colors.muted : colors.ink,
        fontSize: muted ? "13px" : "15px",
        lineHeight: muted ? "20px" : "24px",
        margin: "0 0 12px",
      }}
    >
      {children}
    </Text>
  );
}

/** The one call to action of an email (the text part shows it as "label url"). */
export function ActionButton({ href, children }: { href: string; children: string }) {
  return (
    <Section style={{ margin: "20px 0" }}>
      <Button
        href={href}
        style={{
          backgroundColor: colors.brand,
          borderRadius: "6px",
          color: "#ffffff",
          fontSize: "15px",
          fontWeight: 600,
          padding: "12px 20px",
          textDecoration: "none",
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** "2 × Steam 20 USD ….. $41.00" rows, a promo code's discount, and the total. */
export function OrderLines({
  lines,
  total,
  totalLabel = "Total",
  discount,
}: {
  lines: EmailOrderLine[];
  total?: string;
  totalLabel?: string;
  discount?: { label: string; amount: string };
}) {
  const cell = {
    color: colors.ink,
    fontSize: "14px",
    lineHeight: "20px",
    padding: "6px 0",
    borderBottom: `1px solid ${colors.line}`,
  };
  return (
    <Section style={{ margin: "12px 0" }}>
      {lines.map((l, i) => (
        <Row key={i}>
          <Column style={cell}>{`${l.quantity} × ${l.name}`}</Column>
          <Column align="right" style={cell}>
            {l.amount}
          </Column>
        </Row>
      ))}
      {discount ? (
        <Row>
          <Column style={cell}>{discount.label}</Column>
          <Column align="right" style={cell}>
            {`−${discount.amount}`}
          </Column>
        </Row>
      ) : null}
      {total ? (
        <Row>
          <Column style={{ ...cell, borderBottom: "none", fontWeight: 700 }}>{totalLabel}</Column>
          <Column align="right" style={{ ...cell, borderBottom: "none", fontWeight: 700 }}>
            {total}
          </Column>
        </Row>
      ) : null}
    </Section>
  );
}

/** Codes in a monospace box, one per line (only when the owner turned codes-in-email on). */
export function CodesBox({ codes }: { codes: { code: string; label: string }[] }) {
  return (
    <Section
      style={{
        backgroundColor: colors.page,
        border: `1px solid ${colors.line}`,
        borderRadius: "6px",
        margin: "12px 0",
        padding: "8px 16px",
      }}
    >
      {codes.map((c, i) => (
        <Text
          key={i}
          style={{
            color: colors.ink,
            fontFamily: "ui-monospace, Menlo, Consolas, monospace",
            fontSize: "15px",
            lineHeight: "22px",
            margin: "6px 0",
          }}
        >
          {`${c.label}: ${c.code}`}
        </Text>
      ))}
    </Section>
  );
}

/** A secondary link in a sentence ("Your receipt: …"), shown as its address in the text part. */
export function TextLink({ label, href }: { label: string; href: string }) {
  return (
    <Text style={{ color: colors.muted, fontSize: "13px", lineHeight: "20px", margin: "0 0 12px" }}>
      {`${label} `}
      <Link href={href} style={{ color: colors.brand }}>
        {href}
      </Link>
    </Text>
  );
}
