// A strict reader of the ECB's euro reference-rate XML (eurofxref-daily.xml): one dated
// <Cube time="YYYY-MM-DD"> holding <Cube currency="XXX" rate="1.2345"/> rows, euros per rate.
// No XML library: declarations (DOCTYPE, ENTITY) and unknown entity references are refused
// outright, so nothing expands; a small tokenizer checks the tags balance, then zod checks the
// shape (docs/markets.md#rates). Pure: it runs on a string, the job fetches it.
import { z } from "zod";
import { Decimal } from "@/lib/pricing/decimal";

export type EcbFeed = {
  /** The feed's date (YYYY-MM-DD). */
  date: string;
  /** Units of each currency per 1 EUR (EUR itself is not listed). */
  rates: Map<string, Decimal>;
};
export type EcbParse = { ok: true; feed: EcbFeed } | { ok: false; reason: string };

type Element = { name: string; attrs: Record<string, string>; children: Element[] };

const tagPattern =
  /<\?xml(?:\s[^?<>]*)?\?>|<!--(?:(?!--)[\s\S])*-->|<(\/?)([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
const attrPattern = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
/** Any `&` that is not one of XML's five named references or a character reference. */
const unknownEntity = /&(?!(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/;

class Malformed extends Error {}

function readAttributes(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of text.matchAll(attrPattern)) {
    const name = m[1]!;
    if (Object.hasOwn(attrs, name)) throw new Malformed(`the attribute ${name} is repeated`);
    attrs[name] = m[2] ?? m[3] ?? "";
  }
  return attrs;
}

/** The document's root element; throws Malformed for anything that is not plain, balanced XML. */
function readTree(xml: string): Element {
  const root: Element = { name: "", attrs: {}, children: [] };
  const stack: Element[] = [root];
  let pos = 0;
  while (pos < xml.length) {
    const lt = xml.indexOf("<", pos);
    const text = xml.slice(pos, lt === -1 ? undefined : lt);
    if (text.trim() !== "" && stack.length === 1) throw new Malformed("text outside the root element");
    if (lt === -1) break;
    tagPattern.lastIndex = lt;
    const m = tagPattern.exec(xml);
    if (!m) throw new Malformed(`a broken tag at character ${lt}`);
    pos = tagPattern.lastIndex;
    const [, closing, name, attrText, selfClosing] = m;
    if (name === undefined) continue; // the XML declaration or a comment
    const top = stack[stack.length - 1]!;
    if (closing) {
      if (attrText || selfClosing || top.name !== name) throw new Malformed(`</${name}> closes nothing open`);
      stack.pop();
      continue;
    }
    if (stack.length === 1 && root.children.length > 0) throw new Malformed("more than one root element");
    const element: Element = { name, attrs: readAttributes(attrText ?? ""), children: [] };
    top.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (stack.length !== 1) throw new Malformed(`<${stack[stack.length - 1]!.name}> is never closed`);
  if (root.children.length !== 1) throw new Malformed("no root element");
  return root.children[0]!;
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

function findAll(el: Element, name: string, out: Element[] = []): Element[] {
  for (const child of el.children) {
    if (localName(child.name) === name) out.push(child);
    findAll(child, name, out);
  }
  return out;
}

const plainDecimal = /^\d{1,12}(\.\d{1,12})?$/;

const feedSchema = z.object({
  date: z.iso.date(),
  rows: z
    .array(
      z.object({
        currency: z.string().regex(/^[A-Z]{3}$/, "a currency must be three capital letters"),
        rate: z
          .string()
          .regex(plainDecimal, "a rate must be a plain decimal number")
          .refine((v) => !plainDecimal.test(v) || new Decimal(v).greaterThan(0), "a rate must be more than zero"),
      }),
    )
    .min(1, "the feed lists no rates")
    .refine((rows) => new Set(rows.map((r) => r.currency)).size === rows.length, "a currency is listed twice")
    .refine((rows) => rows.every((r) => r.currency !== "EUR"), "EUR is the feed's base, not a row"),
});

/** Reads one daily feed, or says in words why it is refused. */
export function parseEcbFeed(xml: string): EcbParse {
  if (/<!(?!--)/.test(xml)) return { ok: false, reason: "DOCTYPE, ENTITY and other declarations are refused" };
  if (unknownEntity.test(xml)) return { ok: false, reason: "an unknown entity reference is refused" };
  let envelope: Element;
  try {
    envelope = readTree(xml.replace(/^\uFEFF/, ""));
  } catch (err) {
    if (err instanceof Malformed) return { ok: false, reason: `malformed XML: ${err.message}` };
    throw err;
  }
  const dated = findAll(envelope, "Cube").filter((c) => Object.hasOwn(c.attrs, "time"));
  if (dated.length !== 1) return { ok: false, reason: `expected one dated Cube, found ${dated.length}` };
  const day = dated[0]!;
  const parsed = feedSchema.safeParse({
    date: day.attrs.time,
    rows: day.children.map((c) => ({ currency: c.attrs.currency, rate: c.attrs.rate })),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const row = typeof issue.path[1] === "number" ? day.children[issue.path[1]]?.attrs.currency : undefined;
    return { ok: false, reason: `${issue.message}${row ? ` (${row})` : ""}` };
  }
  const rates = new Map(parsed.data.rows.map((r) => [r.currency, new Decimal(r.rate)]));
  return { ok: true, feed: { date: parsed.data.date, rates } };
}
