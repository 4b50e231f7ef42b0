// Operational alerts to owners (wallet low, lines stuck, sync failing…): what happened, the
// figures, and where to look. Also used, with state "cleared", to say the incident is over.
import { Column, Row, Section } from "@react-email/components";
import { colors } from "./layout";
import { ActionButton, P } from "./parts";
import type { EmailContent } from "./types";

export type AlertEmailProps = {
  title: string;
  summary: string;
  state: "firing" | "cleared";
  details?: { label: string; value: string }[];
  url: string;
  actionLabel?: string;
};

/** One alert, firing or cleared; the subject starts with [alert] or [cleared] for mail filters. */
export function alertEmail(p: AlertEmailProps): EmailContent {
  const cell = { color: colors.ink, fontSize: "14px", lineHeight: "20px", padding: "4px 0" };
  return {
    subject: `[${p.state === "cleared" ? "cleared" : "alert"}] ${p.title}`,
    preview: p.summary,
    heading: p.state === "cleared" ? `Cleared: ${p.title}` : p.title,
    body: (
      <>
        <P>{p.summary}</P>
        {p.details?.length ? (
          <Section style={{ margin: "8px 0 12px" }}>
            {p.details.map((d) => (
              <Row key={d.label}>
                <Column style={{ ...cell, color: colors.muted, width: "45%" }}>{d.label}</Column>
                <Column style={cell}>{d.value}</Column>
              </Row>
            ))}
          </Section>
        ) : null}
        <ActionButton href={p.url}>{p.actionLabel ?? "Open the admin"}</ActionButton>
      </>
    ),
  };
}
