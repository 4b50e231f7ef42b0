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
}));

const { RootDocument } = await import("@/app/_document/root-document");

type Props = { children?: ReactNode; messages?: Record<string, unknown> };

function findProvider(node: ReactNode): ReactElement<Props> | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findProvider(child as ReactNode);
      if (found) return found;
    }
    return undefined;
  }
  if (!isValidElement<Props>(node)) return undefined;
  if (node.type === NextIntlClientProvider) return node;
  return findProvider(node.props.children);
}

async function passedMessages(): Promise<Record<string, unknown>> {
  const document = await RootDocument({ children: null, lang: "id", dir: "ltr" });
  const provider = findProvider(document);
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
