// Placeholder until checkout lands: the product page's buy control. Owned by checkout.
export type AddToCartProps = {
  itemCode: string;
  productName: string;
  minQuantity: number;
  maxQuantity: number;
  productType: string;
  available: boolean;
};

export function AddToCart({ available }: AddToCartProps) {
  return (
    <button type="button" disabled={!available} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-50">
      Buy now
    </button>
  );
}
