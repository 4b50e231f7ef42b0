// On every page of a deliberate demo (DEMO_MODE=true): nobody may mistake it for a shop. A
// labelled landmark at the top, text that wraps on a phone, AA contrast.
export function DemoBanner({ shopName }: { shopName: string }) {
  return (
    <aside
      aria-label="Demo notice"
      data-testid="demo-banner"
      className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950"
    >
      <p className="mx-auto max-w-3xl break-words">
        <strong className="font-semibold">Demo:</strong> {shopName} is a demonstration. No real money is taken and no
        real codes are sold; pay with the test card 4242&nbsp;4242&nbsp;4242&nbsp;4242.
      </p>
    </aside>
  );
}
