// Any message given as plain text (sendEmail's callers): paragraphs in the shared layout, with
// a line that is only a link shown as a link.
import { Link } from "@react-email/components";
import { colors } from "./layout";
import { P } from "./parts";
import type { EmailContent } from "./types";

const urlLine = /^https?:\/\/\S+$/;

/** Wraps text in the layout; `heading` defaults to the subject with a capital first letter. */
export function plainMessageEmail(p: {
  subject: string;
  text: string;
  heading?: string;
  locale?: string;
}): EmailContent {
  const paragraphs = p.text.trim().split(/\n\s*\n/);
  return {
    locale: p.locale,
    subject: p.subject,
    preview: paragraphs[0]?.split("\n")[0]?.slice(0, 120) ?? p.subject,
    heading: p.heading ?? p.subject.charAt(0).toUpperCase() + p.subject.slice(1),
    body: (
      <>
        {paragraphs.map((para, i) => (
          <P key={i}>
            {para.split("\n").map((line, j) => (
              <span key={j}>
                {j > 0 ? <br /> : null}
                {urlLine.test(line.trim()) ? (
                  <Link href={line.trim()} style={{ color: colors.brand }}>
                    {line.trim()}
                  </Link>
                ) : (
                  line
                )}
              </span>
            ))}
          </P>
        ))}
      </>
    ),
  };
}
