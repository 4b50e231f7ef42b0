import { describe, expect, it } from "vitest";
import { clientMessages, clientNamespaces } from "./client-messages";
import { messagesFor } from "./messages";

describe("clientMessages", () => {
  it("keeps the client's namespaces, in the render's language", () => {
    const spanish = messagesFor("es");
    const picked = clientMessages(spanish);
    expect(Object.keys(picked).sort()).toEqual([...clientNamespaces].sort());
    expect(picked.checkout).toBe(spanish.checkout);
  });

  it("leaves out the namespaces only the server reads (emails, timeline, receipt)", () => {
    const picked: Record<string, unknown> = clientMessages(messagesFor("en"));
    expect(picked).not.toHaveProperty("emails");
    expect(picked).not.toHaveProperty("timeline");
    expect(picked).not.toHaveProperty("receipt");
  });

  it("passes over a listed namespace the messages lack", () => {
    expect(clientMessages({ header: { cart: "Cart" }, emails: {} })).toEqual({ header: { cart: "Cart" } });
  });
});
