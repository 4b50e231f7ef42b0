// What the document both root layouts render hands to client components: the messages in every
// page's flight data (docs/storefront.md#speed-on-phones).
import { NextIntlClientProvider } from "next-intl";
import { isValidElement, type ReactElement, type ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { messagesFor } from "@/lib/i18n/messages";

// The render's messages (i18n/request.ts) for a page in Indonesian.
vi.mock("next-intl/server", () => ({
  getMessages: async () => messagesFor("id"),
  getTranslations: async () => (key: string) => key,
  setRequestLocale: () => {},
}));

// The market a catalog page is rendered for, without the database.
vi.mock("@/lib/catalog/cache/market-page", () => ({
  cachedCatalogMarket: async (slug: string) => ({
    slug,
    name: "Indonesia",
    currency: "IDR",
    country: "ID",
    languages: ["id", "en"],
    isDefault: true,
    offer: null,
  }),
}));

const { RootDocument } = await import("@/app/_document/root-document");
const { default: CatalogRootLayout } = await import("@/app/(catalog)/[market]/[lang]/layout");

type Props = { children?: ReactNode; messages?: Record<string, unknown> };

/** The provider in a tree, rendering the server components (RootDocument) on the way down. */
async function findProvider(node: ReactNode | Promise<ReactNode>): Promise<ReactElement<Props> | undefined> {
  node = await node;
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = await findProvider(child as ReactNode);
      if (found) return found;
    }
    return undefined;
  }
  if (!isValidElement<Props>(node)) return undefined;
  if (node.type === NextIntlClientProvider) return node;
  if (node.type === RootDocument) return findProvider(RootDocument(node.props as Parameters<typeof RootDocument>[0]));
  return findProvider(node.props.children);
}

async function passedMessages(
  document: ReactNode | Promise<ReactNode> = RootDocument({ children: null, lang: "id", dir: "ltr", root: "request" }),
): Promise<Record<string, unknown>> {
  const provider = await findProvider(document);
  if (!provider) throw new Error("RootDocument renders no NextIntlClientProvider");
  // Without a `messages` prop next-intl's server provider passes every message of the render.
  return provider.props.messages ?? messagesFor("id");
}

describe("RootDocument's messages for client components", () => {
  it("passes no namespace that no client component reads (emails, timeline)", async () => {
    const passed = await passedMessages();
    expect(Object.keys(passed)).not.toContain("emails");
    expect(Object.keys(passed)).not.toContain("timeline");
  });

  it("passes the namespaces the header's client components read, in the render's language", async () => {
    const passed = await passedMessages();
    expect(passed.header).toEqual(messagesFor("id").header);
  });
});

describe("a page rendered per request's document", () => {
  it("passes what its checkout, cart and sign-in read", async () => {
    const passed = await passedMessages();
    expect(passed.checkout).toEqual(messagesFor("id").checkout);
    expect(Object.keys(passed)).toEqual(expect.arrayContaining(["cart", "order", "auth", "signIn"]));
  });
});

describe("a catalog page's document", () => {
  it("passes no namespace only pages rendered per request read (checkout, order, cart, sign-in)", async () => {
    const layout = await CatalogRootLayout({ children: null, params: Promise.resolve({ market: "id", lang: "id" }) });
    const passed = Object.keys(await passedMessages(layout));
    expect(passed).toContain("header");
    for (const namespace of ["checkout", "order", "cart", "auth", "signIn"]) expect(passed).not.toContain(namespace);
  });
});
