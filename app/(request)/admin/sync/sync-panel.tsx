"use client";
// "Sync now" buttons and the live progress bar: SWR polls the progress route every 1.5 s
// while a run is going (and every 10 s otherwise), and refreshes the runs log when one ends.
import { useEffect, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import useSWR from "swr";
import type { SyncProgress } from "@/lib/admin/catalog/sync-runs";
import { useHydrated } from "@/components/ui/use-hydrated";
import { startSyncAction } from "./actions";

const fetcher = async (url: string): Promise<SyncProgress> => {
  const res = await fetch(url, { cache: "no-store" });
  if (!res.ok) throw new Error(`progress ${res.status}`);
  return res.json() as Promise<SyncProgress>;
};

export function SyncPanel({ initial, canRun }: { initial: SyncProgress; canRun: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated(); // a click before hydration would do nothing
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // The newest run's id when staff pressed "Sync now": the page polls fast until a run is going
  // or a newer run appears (one that finished between two polls).
  const [requestedAfter, setRequestedAfter] = useState<string | null | undefined>(undefined);
  const starting = (p?: SyncProgress) =>
    requestedAfter !== undefined && !p?.running && (p?.latest?.id ?? null) === requestedAfter;
  const { data, mutate } = useSWR("/admin/sync/progress", fetcher, {
    fallbackData: initial,
    refreshInterval: (latest) => (latest?.running || starting(latest) ? 1500 : 10_000),
  });
  const running = data?.running ?? null;
  const latestId = data?.latest?.id ?? null;
  const seenLatest = useRef(latestId);
  // A new run row (even one that finished between two polls) or a run ending refreshes the log.
  useEffect(() => {
    if (latestId !== seenLatest.current) {
      seenLatest.current = latestId;
      router.refresh();
    }
  }, [latestId, router]);
  const wasRunning = useRef(Boolean(initial.running));
  useEffect(() => {
    if (wasRunning.current && !running) router.refresh();
    wasRunning.current = Boolean(running);
  }, [running, router]);

  const start = (kind: "full" | "delta") =>
    startTransition(async () => {
      const result = await startSyncAction({ kind });
      setMessage({ ok: result.ok, text: result.message ?? "" });
      if (result.ok) setRequestedAfter(latestId);
      await mutate();
    });

  return (
    <section className="mb-6 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="sync-now">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="sync-now" className="mr-auto text-lg font-semibold">
          Sync now
        </h2>
        <button
          type="button"
          onClick={() => start("delta")}
          disabled={!hydrated || !canRun || pending || Boolean(running)}
          className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-50"
        >
          Delta sync
        </button>
        <button
          type="button"
          onClick={() => start("full")}
          disabled={!hydrated || !canRun || pending || Boolean(running)}
          className="rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-slate-300 disabled:opacity-50"
        >
          Full sync
        </button>
      </div>
      <p aria-live="polite" className={`mt-2 text-sm ${message?.ok === false ? "text-rose-700" : "text-slate-600"}`}>
        {message?.text}
      </p>
      {running ? (
        <div className="mt-3">
          <div className="mb-1 flex justify-between text-sm text-slate-700">
            <span>
              {running.kind} sync ({running.trigger}) running
            </span>
            <span>{running.lastPage ? `page ${running.pages} of ${running.lastPage}` : "starting…"}</span>
          </div>
          <div
            role="progressbar"
            aria-label="Catalog sync progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={running.percent ?? undefined}
            className="h-3 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-600 transition-all" style={{ width: `${running.percent ?? 3}%` }} />
          </div>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          No sync is running. Delta cursor:{" "}
          <span className="font-mono">{data?.cursor ?? "none (next delta runs as a full sync)"}</span>
        </p>
      )}
    </section>
  );
}
