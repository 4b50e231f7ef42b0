import { Skeleton } from "@/components/ui/skeleton";

// Loading state for listing pages: the same shape as the grid, announced once to screen readers.
export function ListingSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6" role="status" aria-live="polite">
      <span className="sr-only">Loading products…</span>
      <Skeleton className="h-8 w-56" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr]">
        <Skeleton className="h-12 lg:h-96" />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-64" />
          ))}
        </div>
      </div>
    </div>
  );
}
