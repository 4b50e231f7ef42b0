// Several instances share one wallet estimate through the database: supplier orders seen by
// several processes at once are each counted once, and what one instance learns (a purchase, a
// 402) is what another instance's checkout decides on.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { beforeEach, describe, expect, it } from "vitest";
import { db, Prisma } from "@/lib/db";
import { guardWalletForSale } from "@/lib/orders/checkout/wallet-guard";
import { noteUpstreamOrder, recordBalanceRead } from "@/lib/wallet/estimate";
import { getWalletView } from "@/lib/wallet/wallet-view";

const now = Date.parse("2026-11-25T12:00:00Z");
const worker = path.resolve(__dirname, "wallet-worker.ts");

/** Runs the worker as its own OS process (another instance) and returns what it printed. */
async function instance(...args: (string | number)[]): Promise<unknown> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", worker, ...args.map(String)],
    {
      cwd: path.resolve(__dirname, "../../.."),
      env: { ...process.env, LOG_LEVEL: "error" },
    },
  );
  return JSON.parse(stdout.trim().split("\n").pop()!);
}

beforeEach(async () => {
  await db.upstreamSpend.deleteMany();
  await db.upstreamWallet.deleteMany();
  await db.setting.deleteMany({ where: { key: "wallet.reserve" } });
  await recordBalanceRead({ balance: "100.00", currency: "USD" }, new Date(now - 1000), new Prisma.Decimal(0));
});

describe("one wallet estimate for every instance", () => {
  it("counts each supplier order once when three processes see overlapping orders at once", async () => {
    const here = async () => {
      for (let id = 41; id <= 70; id++)
        await noteUpstreamOrder({ orderId: id, status: "completed", amount: "1.25" }, new Date(now));
    };
    await Promise.all([instance("note", 1, 40, "1.25", now), instance("note", 21, 60, "1.25", now), here()]);
    // Orders 1..70, once each: 100.00 - 70 × 1.25.
    expect(await db.upstreamSpend.count()).toBe(70);
    expect((await getWalletView(new Date(now))).estimate?.toFixed(2)).toBe("12.50");
  });

  it("lets another instance's checkout decide on what this one bought, and on its 402", async () => {
    await db.setting.create({ data: { key: "wallet.reserve", value: "10.00" } });
    expect(await instance("guard", "5.00", now)).toEqual({ ok: true });
    for (let id = 100; id < 110; id++)
      await noteUpstreamOrder({ orderId: id, status: "completed", amount: "8.50" }, new Date(now));
    // 100.00 - 85.00 = 15.00: a 5.01 sale would take the other instance below the 10.00 reserve.
    expect(await instance("guard", "5.01", now)).toMatchObject({ ok: false, outcome: "unavailable" });
    expect(await instance("guard", "5.00", now)).toEqual({ ok: true });
    // The other instance meets a 402: this one stops selling too.
    await instance("402", "3.00", now);
    expect(
      await guardWalletForSale([{ unitCost: new Prisma.Decimal("0.10"), quantity: 1 }], new Date(now)),
    ).toMatchObject({ ok: false, outcome: "unavailable" });
  });
});
