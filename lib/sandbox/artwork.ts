// Generated brand artwork for the sandbox catalog: an SVG per brand, drawn here (no outside
// request, no font or image files), so the demo shop looks like a real one. Served at
// /sandbox/artwork/<code>.svg; the catalog's image_url points there (resolveImageUrl).
import { brands } from "./catalog-data";

const palettes: Record<string, [string, string, string]> = {
  steam: ["#0b1f3a", "#1b4f80", "#66c0f4"],
  psn: ["#00246b", "#0050b5", "#ffffff"],
  xbox: ["#0b3d0b", "#107c10", "#e8f5e8"],
  nintendo: ["#8c0010", "#e60012", "#ffffff"],
  roblox: ["#202124", "#4a4d52", "#ffffff"],
  minecraft: ["#2e4d1b", "#5d9c33", "#f1e9c9"],
  fortnite: ["#2a1060", "#6a2fd6", "#ffe14d"],
  amazon: ["#131921", "#232f3e", "#ff9900"],
  netflix: ["#141414", "#3a0a0c", "#e50914"],
  spotify: ["#0d2b16", "#1db954", "#ffffff"],
  apple: ["#1d1d1f", "#4a4a4f", "#f5f5f7"],
  gplay: ["#0f3d2e", "#01875f", "#ffffff"],
  pubgm: ["#3a2a06", "#b8860b", "#fff4d6"],
  freefire: ["#4a1405", "#e2571e", "#ffe9c7"],
  mlbb: ["#0d1b4a", "#2d5ec9", "#e8f0ff"],
  genshin: ["#1f2a44", "#4a6fa5", "#f4e3b5"],
  starbucks: ["#0b3b2e", "#00704a", "#ffffff"],
};

function hue(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );
}

const typeWords: Record<string, string> = {
  gift_card: "GIFT CARD",
  app_store: "APP STORE",
  game_card: "GAME CARD",
  game: "GAME",
  software: "SOFTWARE",
  subscription: "SUBSCRIPTION",
  service: "SERVICE",
  direct_top_up: "TOP-UP",
  other: "PREPAID",
  test: "SANDBOX TEST",
};

/** The SVG for one brand code (lowercase, e.g. "steam"), or null for an unknown code. */
export function renderBrandArtwork(code: string): string | null {
  const brand =
    code === "test" ? { brand: "Sandbox", productType: "test" } : brands.find((b) => b.code.toLowerCase() === code);
  if (!brand) return null;
  const h = hue(code);
  const [bg1, bg2, ink] = palettes[code] ?? [`hsl(${h} 55% 22%)`, `hsl(${(h + 25) % 360} 60% 42%)`, "#ffffff"];
  const name = escapeXml(brand.brand);
  const size = Math.max(34, Math.min(76, Math.floor(560 / Math.max(4, brand.brand.length))));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360" role="img" aria-label="${name}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs>
<rect width="480" height="360" rx="24" fill="url(#g)"/>
<circle cx="410" cy="40" r="120" fill="${ink}" opacity="0.08"/><circle cx="60" cy="340" r="90" fill="${ink}" opacity="0.06"/>
<rect x="32" y="30" width="56" height="8" rx="4" fill="${ink}" opacity="0.7"/>
<text x="240" y="${190 + size / 3}" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-weight="800" font-size="${size}" fill="${ink}">${name}</text>
<text x="240" y="318" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-weight="600" font-size="18" letter-spacing="4" fill="${ink}" opacity="0.75">${typeWords[brand.productType] ?? "CARD"}</text>
</svg>`;
}

/** Where generated artwork is stored in a catalog row: a path the sandbox resolves per request. */
export function artworkPath(code: string): string {
  return `artwork/${code.toLowerCase()}.svg`;
}

/**
 * The public image_url of a stored one: sandbox artwork paths become absolute under the
 * sandbox's own origin (…/sandbox/artwork/steam.svg); anything else is returned as stored.
 * Catalogs generated before artwork existed stored https://img.sandbox.test/brands/<code>.png.
 */
export function resolveImageUrl(stored: string, sandboxV1Base: string): string {
  const legacy = /^https:\/\/img\.sandbox\.test\/brands\/([a-z0-9-]+)\.png$/.exec(stored);
  const path = legacy ? artworkPath(legacy[1]) : stored;
  if (!path.startsWith("artwork/")) return path;
  return `${sandboxV1Base.replace(/\/v1\/?$/, "")}/${path}`;
}

/** Answers GET /sandbox/artwork/<code>.svg: long-cached SVG, no scripts even if opened directly. */
export function serveArtwork(file: string): Response {
  const m = /^([a-z0-9-]{1,40})\.svg$/.exec(file);
  const svg = m ? renderBrandArtwork(m[1]) : null;
  if (!svg) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
