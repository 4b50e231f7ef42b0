// What the checkout phase reports (see checkout-phase.ts).
import type { Summary } from "./stats";

export type CheckoutScenario = {
  name: string;
  orders: number;
  completed: number;
  callsPerCompletedOrder: number;
  byRoute: Record<string, number>;
  webhookAttempts: number;
};

export type CheckoutFigures = {
  scenarios: CheckoutScenario[];
  placeOrderMs: Summary;
  fulfilMs: Summary;
  notes: string[];
};
