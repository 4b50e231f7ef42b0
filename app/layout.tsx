import type { Metadata, Viewport } from "next";
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

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">{children}</body>
    </html>
  );
}
