// Nothing inside an interactive transaction may use the global client: the transaction holds one
// connection of the pool, and a query through the global client needs a second one; with the pool
// full of transactions queued on the same row lock, none gets it until Prisma's transaction
// timeout (docs/deployment.md#database-connections). The guarded client marks every transaction
// callback, and any use of the global client inside one is reported: thrown in development and
// tests (so a test of that path fails), logged in production (the query still runs).
import { AsyncLocalStorage } from "node:async_hooks";

const inTransaction = new AsyncLocalStorage<true>();

export class GlobalClientInTransactionError extends Error {
  constructor(readonly what: string) {
    super(`db.${what} was used inside a transaction: use the transaction's client (tx)`);
    this.name = "GlobalClientInTransactionError";
  }
}

type Callback = (tx: unknown) => Promise<unknown>;
type Fn = (...args: unknown[]) => unknown;

/**
 * The client, refusing (through `report`) a call of its own (a model's query, a raw query, a
 * nested transaction) from inside one of its transaction callbacks. Checked when a method is
 * called, not when a property is read: `db.model.fields` stays usable anywhere.
 */
export function guardTransactions<T extends object>(
  client: T,
  report: (err: GlobalClientInTransactionError) => void,
): T {
  const check = (what: string) => {
    if (inTransaction.getStore()) report(new GlobalClientInTransactionError(what));
  };
  const guarded = (fn: Fn, self: object, what: string) =>
    function (...args: unknown[]) {
      check(what);
      if (what === "$transaction" && typeof args[0] === "function") {
        // The callback form runs inside the mark; the array form runs no code of ours.
        const callback = args[0] as Callback;
        args[0] = (tx: unknown) => inTransaction.run(true, () => callback(tx));
      }
      return fn.apply(self, args);
    };
  const delegates = new WeakMap<object, object>();
  const delegate = (model: object, name: string) => {
    let proxy = delegates.get(model);
    if (!proxy) {
      proxy = new Proxy(model, {
        get(target, prop) {
          const value: unknown = Reflect.get(target, prop, target);
          return typeof value === "function" && typeof prop === "string"
            ? guarded(value as Fn, target, `${name}.${prop}`)
            : value;
        },
      });
      delegates.set(model, proxy);
    }
    return proxy;
  };
  return new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof prop !== "string" || prop === "then" || prop.startsWith("_")) return value;
      if (typeof value === "function") return guarded(value as Fn, target, prop);
      if (value && typeof value === "object" && !prop.startsWith("$")) return delegate(value, prop);
      return value;
    },
  });
}
