import { describe, expect, it } from "vitest";
import { signWebhookBody } from "./webhooks";

describe("sandbox webhook signature", () => {
  it("matches the HMAC-SHA256 known-answer vector", () => {
    expect(signWebhookBody("Hello, World!", "It's a Secret to Everybody")).toBe(
      "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",
    );
  });
});
