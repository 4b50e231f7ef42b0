"use client";
// Checkout form: summary, top-up accounts, email, TEST MODE card, pay. A price change from the
// server replaces the summary and asks the shopper to confirm the new total.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { placeOrderAction, verifyAccountAction } from "@/lib/orders/checkout/checkout-actions";
import { applyPromoAction } from "@/lib/orders/quote/promo-actions";
import { checkoutSchema } from "@/lib/orders/cart/checkout-schema";
import { formatMoney } from "@/components/shop/format-money";
import { useMarketPath } from "@/components/shop/market-path";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useShopperText } from "@/components/ui/use-shopper-text";
import { useTypedBeforeHydration } from "@/components/ui/use-typed-before-hydration";
import type { QuoteView } from "@/lib/orders/quote/quote";
import { CardFields, type CardState } from "./card-fields";
import { PromoCodeField } from "./promo-code-field";
import { QuoteLines } from "./quote-lines";
import { TopupAccount, type AccountState } from "./topup-account";
import { clearAccountHandoff, readAccountHandoff, sameFields } from "./topup-handoff";

type Errors = Record<string, string[] | undefined>;

type Props = {
  initialQuote: QuoteView;
  fromCart: boolean;
  /** Stripe Checkout: no card form here, pay on the hosted page. */
  hostedPayment?: boolean;
};

export function CheckoutForm({ initialQuote, fromCart, hostedPayment = false }: Props) {
  const router = useRouter();
  const t = useTranslations("checkout");
  const locale = useLocale();
  const say = useShopperText();
  const { href } = useMarketPath();
  const [quote, setQuote] = useState(initialQuote);
  const [email, setEmail] = useState("");
  const [card, setCard] = useState<CardState>({ number: "", expiry: "", cvc: "" });
  const [accounts, setAccounts] = useState<Record<number, AccountState>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  // Set when checkout failed after the card was charged: the order's page, and no second payment.
  const [chargedOrder, setChargedOrder] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const [promoError, setPromoError] = useState<string | null>(null);
  const [promoPending, startPromo] = useTransition();
  // Until hydration a click would submit the bare HTML form; keep Pay disabled until then.
  const hydrated = useHydrated();
  // The email typed before the page hydrated is kept (the card, the accounts and the promo code
  // keep their own).
  const form = useRef<HTMLFormElement>(null);
  // The form's own ids: a page Next keeps hidden after a navigation may hold the same form.
  const emailId = `${useId()}email`;
  useTypedBeforeHydration(form, (typed) => {
    const typedEmail = typed.get(emailId);
    if (typedEmail !== undefined) setEmail(typedEmail);
  });
  // An account already checked on the product page arrives here checked (the server checks it
  // again for this exact SKU before any payment); the shopper can still change it.
  useEffect(() => {
    const handed: Record<number, AccountState> = {};
    initialQuote.lines.forEach((l, i) => {
      const h = l.requiredFields.length ? readAccountHandoff(l.itemCode) : null;
      if (h) handed[i] = { ...h, verified: true };
    });
    // sessionStorage is only readable in the browser, after hydration: hence an effect.
    // An account typed before the page hydrated wins, unless it is the one handed over.
    if (Object.keys(handed).length)
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setAccounts((a) => {
        const next = { ...handed, ...a };
        for (const i of Object.keys(handed).map(Number))
          if (a[i] && !a[i].verified && sameFields(a[i].fields, handed[i].fields)) next[i] = handed[i];
        return next;
      });
  }, [initialQuote]);

  const topups = quote.lines.map((l, i) => ({ l, i })).filter(({ l }) => l.requiredFields.length > 0);
  const unverified = topups.some(({ i }) => !accounts[i]?.verified);
  const blocked = quote.problems.length > 0;

  /** Re-quotes the cart with `code` (empty: without a code); the server decides the discount. */
  function quoteWithCode(code: string) {
    setPromoError(null);
    startPromo(async () => {
      const r = await applyPromoAction({
        items: quote.lines.map((l) => ({ itemCode: l.itemCode, quantity: l.quantity })),
        promoCode: code,
        ...(quote.market ? { market: quote.market } : {}),
      });
      if (r.quote) setQuote(r.quote);
      if (!r.ok) setPromoError(r.message ?? t("promoRefused"));
    });
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const input = {
      email,
      items: quote.lines.map((l, i) => ({
        itemCode: l.itemCode,
        quantity: l.quantity,
        ...(l.requiredFields.length ? { fields: accounts[i]?.fields ?? {} } : {}),
        ...(accounts[i]?.proof ? { accountProof: accounts[i]!.proof! } : {}),
      })),
      ...(hostedPayment ? {} : { card }),
      expectedTotal: quote.total,
      // Paid in the market the quote is priced in (docs/markets.md#the-cart-belongs-to-one-market).
      ...(quote.market ? { market: quote.market } : {}),
      ...(quote.promo ? { promoCode: quote.promo.code } : {}),
      // The live quote's checks, signed: paying soon after need not check again.
      ...(quote.proof ? { quoteProof: quote.proof } : {}),
      // The page's language: the order's emails and receipt speak it.
      locale,
    };
    const parsed = checkoutSchema.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) (next[issue.path.join(".")] ??= []).push(issue.message);
      setErrors(next);
      setMessage(t("fixDetails"));
      return;
    }
    setMessage(null);
    startTransition(async () => {
      const r = await placeOrderAction(parsed.data, fromCart);
      if (r.ok && r.redirectUrl) {
        window.location.assign(r.redirectUrl);
        return;
      }
      if (r.ok) {
        for (const l of quote.lines) clearAccountHandoff(l.itemCode);
        router.push(href(`/orders/${r.token}`));
        return;
      }
      setErrors(r.fieldErrors ?? {});
      setMessage(r.message);
      if (r.orderPath) setChargedOrder(r.orderPath);
      if (r.quote) setQuote(r.quote);
      // The code was refused at payment (used up meanwhile): say so by the code box too.
      if (r.fieldErrors?.promoCode) setPromoError(r.fieldErrors.promoCode.join(" "));
    });
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="mt-6 space-y-6">
      <QuoteLines quote={quote} />
      <PromoCodeField
        applied={quote.promo}
        currency={quote.currency}
        error={promoError ? say(promoError) : null}
        pending={promoPending}
        onApply={quoteWithCode}
        onRemove={() => quoteWithCode("")}
      />
      {topups.map(({ l, i }) => (
        <TopupAccount
          key={l.itemCode}
          idPrefix={`line-${i}`}
          heading={t("accountToCredit", { product: l.productName })}
          itemCode={l.itemCode}
          verify={verifyAccountAction}
          specs={l.requiredFields}
          value={accounts[i] ?? { fields: {}, verified: false, displayName: null }}
          serverErrors={Object.fromEntries(
            Object.entries(errors)
              .filter(([k]) => k.startsWith(`items.${i}.fields.`))
              .map(([k, v]) => [k.split(".").pop()!, v]),
          )}
          onChange={(next) => setAccounts((a) => ({ ...a, [i]: next }))}
        />
      ))}
      <div>
        <label htmlFor={emailId} className="block text-sm font-medium">
          {t("email")}
        </label>
        <input
          id={emailId}
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={`${emailId}-err`}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
        />
        <p id={`${emailId}-err`} aria-live="polite" className="text-sm text-red-700">
          {errors.email?.map(say).join(" ")}
        </p>
      </div>
      {hostedPayment ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{t("hostedNote")}</p>
      ) : (
        <CardFields value={card} errors={errors} onChange={setCard} />
      )}
      <div aria-live="assertive">
        {message ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800" data-testid="checkout-message">
            {say(message)}
            {chargedOrder ? (
              <>
                {" "}
                <Link href={href(chargedOrder)} className="font-semibold underline" data-testid="checkout-order-link">
                  {t("goToOrder")}
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      {unverified ? <p className="text-sm text-slate-700">{t("checkAccountFirst")}</p> : null}
      <button
        type="submit"
        disabled={!hydrated || pending || promoPending || blocked || unverified || chargedOrder !== null}
        className="w-full rounded-lg bg-brand-600 px-4 py-3 text-lg font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
      >
        {pending
          ? hostedPayment
            ? t("opening")
            : t("paying")
          : t("pay", { amount: formatMoney(quote.total, quote.currency, locale) })}
      </button>
    </form>
  );
}
