import { describe, expect, it } from "vitest";
import { clientMessages, clientNamespaces } from "./client-messages";
import { messagesFor } from "./messages";

describe("clientMessages", () => {
  it("keeps the root's namespaces, in the render's language", () => {
    const spanish = messagesFor("es");
    const picked = clientMessages(spanish, "request");
    expect(Object.keys(picked).sort()).toEqual([...clientNamespaces.request].sort());
    expect(picked.checkout).toBe(spanish.checkout);
  });

  it("leaves the checkout, orders, cart and sign-in out of a catalog page's messages", () => {
    const picked: Record<string, unknown> = clientMessages(messagesFor("en"), "catalog");
    expect(Object.keys(picked).sort()).toEqual([...clientNamespaces.catalog].sort());
    for (const namespace of ["checkout", "order", "cart", "auth", "signIn"])
      expect(picked).not.toHaveProperty(namespace);
    expect(picked.product).toBe(messagesFor("en").product);
  });

  it("leaves out the namespaces only the server reads (emails, timeline, receipt) on either root", () => {
    for (const root of ["catalog", "request"] as const) {
      const picked: Record<string, unknown> = clientMessages(messagesFor("en"), root);
      expect(picked).not.toHaveProperty("emails");
      expect(picked).not.toHaveProperty("timeline");
      expect(picked).not.toHaveProperty("receipt");
    }
  });

  it("passes over a listed namespace the messages lack", () => {
    expect(clientMessages({ header: { cart: "Cart" }, emails: {} }, "catalog")).toEqual({ header: { cart: "Cart" } });
  });
});
