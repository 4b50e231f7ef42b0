import Link from "next/link";

// Header link to the cart. Owned by checkout (it may add a live item count).
export function CartLink() {
  return (
    <Link href="/cart" className="rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100">
      Cart
    </Link>
  );
}
