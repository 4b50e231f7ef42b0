// Loaded by Tailwind v4 through `@config` in app/globals.css and app/catalog.css. No `content`:
// Tailwind adds it to every stylesheet's sources, so the catalog stylesheet would scan the whole
// project again; each stylesheet names its own (docs/storefront.md#speed-on-phones).
import type { Config } from "tailwindcss";

const config: Config = {
  theme: {
    extend: {
      colors: {
        brand: { 50: "#eef6ff", 100: "#d9eaff", 500: "#2563eb", 600: "#1d4ed8", 700: "#1e40af" },
      },
    },
  },
};

export default config;
