// The sentences the shop's validation and checkout answer with (zod messages in
// lib/orders/cart/checkout-schema.ts and lib/orders/quote/topup-fields.ts, the account check's
// answers in lib/orders/checkout/checkout-actions.ts, the quote's per-line problems and checkout's
// refusals: stock, quantity, minimum charge, a paused market, a product the market does not offer, the wallet, the backlog and the risk
// stop; a promo code's answers; the limits' waits; a payment's decline), matched to their catalog key so a
// page shows them in its language. The server keeps answering in English (logs, API clients, tests);
// an answer not listed here is shown as sent. Pure.

type Match = { key: string; values?: Record<string, string> };

const exact: Record<string, string> = {
  "Enter a valid email address.": "email",
  "Your cart is empty.": "cartEmpty",
  "Enter the card number.": "cardNumber",
  "Use MM/YY.": "expiry",
  "3 or 4 digits.": "cvc",
  "Unknown product.": "unknownProduct",
  "Unknown market.": "unknownMarket",
  "Please check the form.": "checkForm",
  "Please check the account details.": "checkAccount",
  "We could not verify the account right now. Please try again.": "verifyFailed",
  "This product is not available.": "notAvailable",
  "Enter the code as you received it.": "promoFormat",
  "Card details are entered on the secure payment page, not here.": "hostedCard",
  "We could not start the payment. Nothing was charged; please try again.": "paymentNotStarted",
  "This product takes no account details.": "noAccountDetails",
  "Temporarily unavailable: we cannot take new orders for this right now. Nothing was charged; please try again later.":
    "walletUnavailable",
  "We are taking orders faster than our supplier can fill them right now. Nothing was charged; please try again in a minute or two.":
    "backlogBusy",
  "We could not take this payment. Too many payments were declined; please wait a while, or contact us if you think this is a mistake.":
    "riskStopped",
  "Something went wrong on our side. You were not charged; please try again.": "checkoutError",
  "Your payment was declined.": "paymentDeclined",
  "Your card was declined.": "cardDeclined",
  "The payment was never completed. Nothing was charged.": "paymentNeverCompleted",
  "The payment page expired. Nothing was charged.": "paymentPageExpired",
  "We could not open the payment page. Nothing was charged; please try again.": "paymentPageNotOpened",
  "You have already used this code.": "promoUsedByYou",
  "This code is no longer valid.": "promoNoLongerValid",
  "This code has been used up.": "promoUsedUp",
  "This code cannot be used in this shop's currency.": "promoCurrency",
};

const patterns: [RegExp, string, string[]][] = [
  [/^(.+) is required\.$/, "required", ["field"]],
  [/^(.+) can be at most (\d+) characters\.$/, "tooLong", ["field", "max"]],
  [/^(.+) contains characters that are not allowed\.$/, "unsafe", ["field"]],
  [/^(.+) is out of stock right now\.$/, "outOfStock", ["product"]],
  [
    /^(.+) does not have (\d+) in stock right now\. Try a smaller quantity\.$/,
    "notEnoughStock",
    ["product", "quantity"],
  ],
  [/^(.+) cannot be sold at this price right now\.$/, "priceUnavailable", ["product"]],
  [/^This quantity is not available for (.+)\.$/, "quantityUnavailable", ["product"]],
  [/^(.+) is no longer available\.$/, "noLongerAvailable", ["product"]],
  [/^(.+) is not available\.$/, "itemNotAvailable", ["product"]],
  [/^We could not check (.+) right now\. Please try again in a moment\.$/, "checkFailed", ["product"]],
  [/^Choose between (\d+) and (\d+)\.$/, "quantityBetween", ["min", "max"]],
  [/^Choose between (\d+) and (\d+) of (.+)\.$/, "quantityBetweenOf", ["min", "max", "product"]],
  [
    /^The smallest payment we can take in ([A-Z]{3}) is ([\d.]+) [A-Z]{3}\. Please add to your cart\.$/,
    "minimumCharge",
    ["currency", "amount"],
  ],
  [
    /^The price changed: the total is now ([\d.]+) ([A-Z]{3})\. Please review and pay again\.$/,
    "priceChangedTotal",
    ["amount", "currency"],
  ],
  [
    /^Checkout in (.+) is paused: its exchange rate is out of date\. You were not charged; please try again later\.$/,
    "ratePaused",
    ["market"],
  ],
  [
    // A product's name never spans two refusals (checkout joins one per line).
    /^((?:(?!; please remove it from your cart\.).)+) is not sold in ([^;]+); please remove it from your cart\.$/,
    "notSoldInMarket",
    ["product", "market"],
  ],
  [/^We don't know the code “(.+)”\. Check it and try again\.$/, "promoUnknown", ["code"]],
  [/^This code can be used from (.+) UTC\.$/, "promoNotYet", ["date"]],
  [/^This code expired on (.+) UTC\.$/, "promoExpired", ["date"]],
  [
    /^Too many requests from your connection\. Please try again in (\d+) (second|seconds|minutes)\.$/,
    "tooManyRequests",
    ["count", "unit"],
  ],
  [/^We could not verify this (.+)\. Check it and try again\.$/, "verifyField", ["field"]],
  [
    /^Your payment went through, but something went wrong on our side while finishing your order\. Please do not pay again: your order is at (\S+), and we are emailing that link to (\S+)\. The page shows what happens next\.$/,
    "failedAfterCharge",
    ["url", "email"],
  ],
  [
    /^Your payment was sent and is being confirmed, but something went wrong on our side while finishing your order\. Please do not pay again: your order is at (\S+), and we are emailing that link to (\S+)\. The page shows what happens next\.$/,
    "failedAfterPayment",
    ["url", "email"],
  ],
];

/** The catalog key (under "validation") of a known answer, with its values; null: show it as sent. */
export function shopperMessageKey(message: string): Match | null {
  const key = exact[message];
  if (key) return { key };
  for (const [pattern, name, args] of patterns) {
    const m = pattern.exec(message);
    if (m) return { key: name, values: Object.fromEntries(args.map((a, i) => [a, m[i + 1]!])) };
  }
  return null;
}

/**
 * Several answers joined into one (checkout joins every line's problem with a space): each
 * sentence's key, or null when any one is unknown (then the whole is shown as sent).
 */
export function shopperSentenceKeys(message: string): Match[] | null {
  const single = shopperMessageKey(message);
  if (single) return [single];
  const parts = message.split(/(?<=\.) (?=[A-Z0-9])/);
  if (parts.length < 2) return null;
  const matches = parts.map(shopperMessageKey);
  return matches.every((m): m is Match => m !== null) ? matches : null;
}
