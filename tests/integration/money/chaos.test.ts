// Money chaos with one supplier (main): the interleavings, faults, crashes and invariants of
// chaos-run.ts. CHAOS_SEED and CHAOS_RUNS (default 80) choose the interleavings.
import { describeChaos } from "./chaos-run";

describeChaos({ title: "money chaos", suppliers: ["main"], defaultRuns: 80 });
