// The overview's stuck-lines warning: lines in purchasing / pending_upstream for over an hour
// (from the first purchase attempt, else creation), counted in full, the oldest ten listed.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getStuckLines } from "@/lib/admin/overview/stuck-lines";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";

const now = new Date("2026-11-25T15:00:00Z");
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
let users: TestUsers;
const orderIds: Record<string, string> = {};

async function line(key: string, status: string, createdMinAgo: number, firstAttemptMinAgo: number | null) {
  const order = await db.order.create({
    data: {
      token: `t_stuck_${key}`,
      email: `${key}@example.test`,
      status: "paid",
      currency: "USD",
      total: "5.00",
      createdAt: minutesAgo(createdMinAgo),
      lines: {
        create: {
          itemCode: `SKU-${key}`,
          productName: `Product ${key}`,
          productType: "gift_card",
          brand: "B",
          quantity: 1,
          unitPrice: "5.00",
          unitCost: "4.00",
          lineTotal: "5.00",
          currency: "USD",
          status,
          createdAt: minutesAgo(createdMinAgo),
          firstAttemptAt: firstAttemptMinAgo === null ? null : minutesAgo(firstAttemptMinAgo),
        },
      },
    },
  });
  orderIds[key] = order.id;
}

beforeAll(async () => {
  users = await createRoleUsers("stuck");
  await line("a", "pending_upstream", 31 * 60, 30 * 60); // 30 h since the first attempt
  await line("b", "purchasing", 20 * 60, null); // never attempted: 20 h since creation
  for (let h = 2; h <= 10; h++) await line(`h${h}`, "pending_upstream", h * 60 + 1, h * 60); // 2 h … 10 h
  await line("late", "pending_upstream", 48 * 60, 90); // created long ago, first attempt 90 min ago
  // Not stuck: attempted 30 min ago (though created 5 h ago), or in another state.
  await line("young", "pending_upstream", 5 * 60, 30);
  await line("done", "delivered", 50 * 60, 50 * 60);
  await line("failed", "failed", 50 * 60, 50 * 60);
  await line("unpaid", "awaiting_payment", 50 * 60, null);
});
afterEach(() => setSessionOverrideForTests(undefined));

describe("getStuckLines", () => {
  it("counts every line waiting over an hour and lists the oldest ten, oldest first, with their orders", async () => {
    actAs(users.support);
    const { count, lines } = await getStuckLines(now);
    expect(count).toBe(12);
    expect(lines.map((l) => l.orderId)).toEqual(
      ["a", "b", "h10", "h9", "h8", "h7", "h6", "h5", "h4", "h3"].map((k) => orderIds[k]),
    );
    expect(lines[0]).toMatchObject({ productName: "Product a", status: "pending_upstream", ageMs: 30 * 3600_000 });
    expect(lines[1]).toMatchObject({ status: "purchasing", ageMs: 20 * 3600_000 });
  });

  it("measures age from the first purchase attempt, not from when the line was created", async () => {
    actAs(users.staff);
    // "young" was created 5 h ago but first attempted 30 min ago: not stuck yet…
    expect((await getStuckLines(now)).count).toBe(12);
    // …until its attempt is over an hour old. "late" (created 48 h ago) is never listed first.
    const { count, lines } = await getStuckLines(new Date(now.getTime() + 31 * 60_000));
    expect(count).toBe(13);
    expect(lines[0]!.orderId).toBe(orderIds.a);
    expect(lines.map((l) => l.orderId)).not.toContain(orderIds.late);
  });

  it("refuses shoppers and signed-out visitors", async () => {
    actAs(users.shopper);
    await expect(getStuckLines(now)).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === "forbidden");
    actAs(null);
    await expect(getStuckLines(now)).rejects.toSatisfy(
      (e: unknown) => e instanceof AppError && e.code === "unauthorized",
    );
  });
});
