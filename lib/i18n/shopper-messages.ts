// The sentences the shop's validation and checkout answer with (zod messages in
// lib/orders/cart/checkout-schema.ts and lib/orders/quote/topup-fields.ts, the account check's
// answers in lib/orders/checkout/checkout-actions.ts), matched to their catalog key so a page
// shows them in its language. The server keeps answering in English (logs, API clients, tests);
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
};

const patterns: [RegExp, string, string[]][] = [
  [/^(.+) is required\.$/, "required", ["field"]],
  [/^(.+) can be at most (\d+) characters\.$/, "tooLong", ["field", "max"]],
  [/^(.+) contains characters that are not allowed\.$/, "unsafe", ["field"]],
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
