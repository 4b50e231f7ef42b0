import { describe, expect, it, vi } from "vitest";
import { GlobalClientInTransactionError, guardTransactions } from "./db-transaction-guard";

/** A client shaped like Prisma's: models, and $transaction handing the callback a separate client. */
function fakeClient() {
  const tx = { setting: { findMany: async () => ["from tx"] } };
  return {
    setting: { findMany: async () => ["from global"], fields: { value: "value" } },
    $transaction: async (arg: unknown) =>
      typeof arg === "function" ? (arg as (t: typeof tx) => Promise<unknown>)(tx) : Promise.all(arg as unknown[]),
  };
}

describe("guardTransactions", () => {
  it("reports the global client used inside a transaction callback", async () => {
    const report = vi.fn((err: GlobalClientInTransactionError) => {
      throw err;
    });
    const db = guardTransactions(fakeClient(), report);
    await expect(db.$transaction(async () => db.setting.findMany())).rejects.toBeInstanceOf(
      GlobalClientInTransactionError,
    );
    expect(report).toHaveBeenCalledOnce();
  });

  it("lets the transaction's own client, and the global client outside any transaction, through", async () => {
    const report = vi.fn();
    const db = guardTransactions(fakeClient(), report);
    expect(
      await db.$transaction(async (tx: unknown) => (tx as ReturnType<typeof fakeClient>).setting.findMany()),
    ).toEqual(["from tx"]);
    expect(await db.setting.findMany()).toEqual(["from global"]);
    // A field reference (for a column comparison) is no query: fine inside a transaction.
    expect(await db.$transaction(async () => db.setting.fields.value)).toBe("value");
    // Work started after the transaction, and the array form, are outside it.
    await db.$transaction(async () => undefined);
    expect(await db.$transaction([Promise.resolve(1)])).toEqual([1]);
    expect(report).not.toHaveBeenCalled();
  });

  it("reports a nested transaction opened through the global client", async () => {
    const report = vi.fn();
    const db = guardTransactions(fakeClient(), report);
    await db.$transaction(async () => db.$transaction(async () => undefined));
    expect(report).toHaveBeenCalledOnce();
  });
});
