"use client";
// "Print or save as PDF": the browser's own print dialog (the page's print styles drop the shop chrome).
export function PrintButton({ label = "Print or save as PDF" }: { label?: string }) {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
    >
      {label}
    </button>
  );
}
