import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import { DemoBanner } from "@/components/ui/demo-banner";
import { env } from "@/lib/env";
import "./globals.css";

export function generateMetadata(): Metadata {
  return {
    title: { default: `${env.SHOP_NAME} — gift cards, game cards and top-ups`, template: `%s · ${env.SHOP_NAME}` },
    description: "Buy gift cards, game cards and direct top-ups with instant delivery.",
    icons: { icon: { url: "/favicon.svg", type: "image/svg+xml" } },
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page is rendered per request: its scripts carry that request's CSP nonce (proxy.ts),
  // and the demo banner follows the running configuration, not the build's.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen">
        {env.DEMO_MODE ? <DemoBanner shopName={env.SHOP_NAME} /> : null}
        {children}
      </body>
    </html>
  );
}
