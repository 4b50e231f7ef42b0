"use client";
// The order page's live status: while the order is unsettled, listen to its event stream
// (/api/orders/[token]/events), which pushes every change within a fraction of a second; where
// EventSource is missing, or the stream fails or is refused (429: this connection already holds
// its share of streams, docs/going-live.md#per-client-limits), poll the status API every second.
import { useEffect, useState } from "react";
import type { OrderView } from "@/lib/orders/view/order-view";

const POLL_MS = 1000;

async function fetchView(token: string): Promise<OrderView | null> {
  const res = await fetch(`/api/orders/${token}`, { cache: "no-store" });
  return res.ok ? ((await res.json()) as OrderView) : null;
}

/** The latest view of the order, starting from the server-rendered one. */
export function useLiveOrder(token: string, initial: OrderView): OrderView {
  const [view, setView] = useState(initial);
  const settled = !view.pending;

  useEffect(() => {
    if (settled) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const next = await fetchView(token).catch(() => null);
      if (stopped) return;
      if (next) setView(next);
      if (!next || next.pending) timer = setTimeout(poll, POLL_MS);
    };
    if (typeof EventSource === "undefined") {
      void poll();
      return () => {
        stopped = true;
        clearTimeout(timer);
      };
    }
    const source = new EventSource(`/api/orders/${token}/events`);
    source.addEventListener("update", (e) => setView(JSON.parse((e as MessageEvent<string>).data) as OrderView));
    source.addEventListener("end", () => source.close());
    source.onerror = () => {
      // EventSource retries a dropped stream by itself; one it gave up on (a refusal, any answer
      // but 200) is CLOSED and falls back to polling.
      if (source.readyState === EventSource.CLOSED && !stopped) void poll();
    };
    return () => {
      stopped = true;
      source.close();
      clearTimeout(timer);
    };
  }, [token, settled]);

  return view;
}
