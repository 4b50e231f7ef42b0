import type { Metadata } from "next";
import { NotFoundView } from "@/components/shop/not-found-view";

export const metadata: Metadata = { title: "Page not found" };

// Unmatched URLs anywhere in the app.
export default function NotFound() {
  return (
    <main id="main">
      <NotFoundView />
    </main>
  );
}
