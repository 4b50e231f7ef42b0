// Footer small print: what the shop is, and what stock and prices mean.
export function SiteFooter({ shopName }: { shopName: string }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl space-y-2 px-4 py-8 text-sm text-slate-600">
        <p className="font-semibold text-slate-800">{shopName}</p>
        <p>Gift cards, game cards and direct top-ups, delivered digitally.</p>
        <p>
          Stock shown on product pages is the last known state of our catalog, not live stock. Price and availability are confirmed at
          checkout before you pay. Brand names and logos belong to their owners.
        </p>
        <p>© {new Date().getFullYear()} {shopName}</p>
      </div>
    </footer>
  );
}
