import { AsyncLocalStorage } from "node:async_hooks";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, errorFields, type LogContext } from "./log";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const context = new AsyncLocalStorage<LogContext>();
  const log = createLogger(context, stream);
  log.level = "info"; // the test setup quiets the shared logger to warnings
  return { lines, context, log };
}

describe("the logger", () => {
  it("writes one JSON line per event with its level, message and the ids of its context", () => {
    const { lines, context, log } = capture();
    context.run({ requestId: "req-12345678" }, () => log.info({ orderId: "o1", lineId: "l1" }, "line delivered"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "info",
      msg: "line delivered",
      requestId: "req-12345678",
      orderId: "o1",
      lineId: "l1",
    });
    expect(typeof lines[0]!.time).toBe("string");
  });

  it("never writes codes, top-up fields, card data, tokens, emails or secrets, even when a caller passes them", () => {
    const { lines, log } = capture();
    log.warn(
      {
        codes: ["GIFT-AAAA-BBBB"],
        fields: { player_id: "12345678" },
        card: { number: "4242424242424242" },
        token: "tok_shopper_link",
        email: "buyer@example.com",
        order: { code: "ZZZZ-1111", secret: "whsec_unit", password: "hunter22" },
      },
      "careless",
    );
    const text = JSON.stringify(lines);
    for (const leaked of [
      "GIFT-AAAA-BBBB",
      "12345678",
      "4242424242424242",
      "tok_shopper_link",
      "buyer@example.com",
      "ZZZZ-1111",
      "whsec_unit",
      "hunter22",
    ])
      expect(text).not.toContain(leaked);
    expect(lines[0]).toMatchObject({
      codes: "[redacted]",
      fields: "[redacted]",
      card: "[redacted]",
      order: { code: "[redacted]" },
    });
  });

  it("reduces an error to its class and code outside development (messages can quote inputs)", () => {
    const err = Object.assign(new Error("Invalid `prisma.user.create()` invocation: email buyer@example.com"), {
      name: "PrismaClientKnownRequestError",
      code: "P2002",
    });
    expect(errorFields(err)).toEqual({ type: "PrismaClientKnownRequestError", errorCode: "P2002" });
    expect(errorFields(Object.assign(new Error("x"), { code: undefined }))).toEqual({ type: "Error" });
    const { lines, log } = capture();
    log.error({ err }, "failed");
    expect(JSON.stringify(lines)).not.toContain("buyer@example.com");
  });
});
