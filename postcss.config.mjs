// PostCSS: Tailwind 4 (CSS-first; the root tailwind.config.ts is loaded through @config).
const config = { plugins: { "@tailwindcss/postcss": {} } };

export default config;
