// Shapes the bench's child processes hand back to the parent.
import type { HttpTargets } from "./http-phase";

type RunCounts = {
  kind: string;
  pages: number;
  upstreamCalls: number;
  added: number;
  updated: number;
  removed: number;
};
type Timed = { seconds: number; upstreamS: number; calls: number; byRoute: Record<string, number>; run: RunCounts };

export type SyncResult = {
  size: number;
  generateS: number;
  full: Timed;
  delta: Timed & { changes: number };
  /** A 1,000-SKU re-price: its delta's calls, then the calls of the next (idle) delta. */
  bulkDelta?: { changes: number; calls: number; updated: number; idleCalls: number };
  productsListed: number;
  http: HttpTargets;
};
