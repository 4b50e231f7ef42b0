// Unmatched URLs anywhere in the app: a whole document, as the app has two root layouts
// (app/(catalog), app/(request)) and neither wraps a URL that matches no route.
import type { Metadata } from "next";
import { NotFoundView } from "@/components/shop/not-found-view";
import { RootDocument } from "./_document/root-document";

export const metadata: Metadata = { title: "Page not found" };

export default function GlobalNotFound() {
  return (
    <RootDocument lang="en" dir="ltr">
      <main id="main">
        <NotFoundView />
      </main>
    </RootDocument>
  );
}
