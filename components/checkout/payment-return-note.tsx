// What a shopper sees on returning from a hosted payment page (Stripe Checkout): the return
// itself proves nothing, so the order waits for the provider's signed confirmation.
import { MarketLink as Link } from "@/components/shop/market-link";
export function PaymentReturnNote({ from }: { from: string | undefined }) {
  if (from === "return") {
    return (
      <p role="status" className="mb-4 rounded-lg bg-brand-50 p-3 text-brand-700" data-testid="payment-return">
        Thanks! We are waiting for the payment confirmation from Stripe; this page updates by itself.
      </p>
    );
  }
  if (from === "cancelled") {
    return (
      <p role="status" className="mb-4 rounded-lg bg-amber-50 p-3 text-amber-900" data-testid="payment-cancelled">
        You left the payment page, so nothing was charged. This order is cancelled automatically when the payment page
        expires;{" "}
        <Link href="/cart" className="font-semibold underline">
          back to your cart
        </Link>
        .
      </p>
    );
  }
  return null;
}
