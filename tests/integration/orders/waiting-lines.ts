// Paid lines not yet bought, as the purchase queue holds them, for the backlog tests.
import { db } from "@/lib/db";
import { createOrderToken } from "@/lib/orders/checkout/place-order";

/** `count` paid orders of one TEST-INSTANT line each; `lineOf(i)` gives the i-th line's status and supplier. */
export async function seedWaitingLines(
  count: number,
  lineOf: (i: number) => { status: "paid" | "purchasing"; supplier?: string },
): Promise<void> {
  for (let i = 0; i < count; i++) {
    await db.order.create({
      data: {
        token: createOrderToken(),
        email: "earlier@example.com",
        currency: "USD",
        total: "1.10",
        status: "paid",
        lines: {
          create: {
            itemCode: "TEST-INSTANT",
            productName: "TEST-INSTANT",
            productType: "test",
            brand: "Sandbox",
            quantity: 1,
            unitCost: "1.00",
            unitPrice: "1.10",
            lineTotal: "1.10",
            currency: "USD",
            ...lineOf(i),
          },
        },
      },
    });
  }
}
