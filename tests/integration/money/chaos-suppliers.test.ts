// Money chaos with two suppliers (main and b, overlapping catalogs at other prices and stock): the
// interleavings of chaos-run.ts with faults aimed at either supplier, products sold out at one,
// suppliers disabled and enabled and offers synced; the invariants of chaos-suppliers.ts on top
// (docs/money-rules.md#the-books-proven-continuously). CHAOS_SEED and CHAOS_RUNS (default 40).
import { describeChaos } from "./chaos-run";

describeChaos({ title: "money chaos, two suppliers", suppliers: ["main", "b"], defaultRuns: 40 });
