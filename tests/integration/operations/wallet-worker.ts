// Another shop instance, as a separate OS process on the same database (wallet-shared.test.ts):
//   note <fromId> <toId> <amount> <nowMs>   sees supplier orders fromId..toId
//   guard <cost> <nowMs>                    asks checkout's wallet check about a cost
//   402 <needs> <nowMs>                     a purchase refused for insufficient balance
// Prints one JSON line with the result.
import { Prisma } from "@/lib/db";
import { guardWalletForSale } from "@/lib/orders/checkout/wallet-guard";
import { noteInsufficientBalance, noteUpstreamOrder } from "@/lib/wallet/estimate";

const [mode, a, b, c, d] = process.argv.slice(2) as [string, string, string, string, string];
let result: unknown = null;
if (mode === "note") {
  const now = new Date(Number(d));
  for (let id = Number(a); id <= Number(b); id++)
    await noteUpstreamOrder({ orderId: id, status: "completed", amount: c }, now);
  result = { noted: Number(b) - Number(a) + 1 };
} else if (mode === "guard") {
  result = await guardWalletForSale([{ unitCost: new Prisma.Decimal(a), quantity: 1 }], new Date(Number(b)));
} else if (mode === "402") {
  await noteInsufficientBalance(new Prisma.Decimal(a), new Date(Number(b)));
  result = { paused: true };
}
console.log(JSON.stringify(result));
process.exit(0);
