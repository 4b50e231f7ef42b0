// Completes a standalone build (next.config.mjs `output: "standalone"`): Next writes
// <distDir>/standalone/server.js with the node_modules it traced, but leaves the browser's
// files (<distDir>/static) and public/ for the deployment to copy, as a CDN could serve them.
// This copies both in, so `node <distDir>/standalone/server.js` serves the whole shop.
// Usage: node scripts/standalone-assets.mjs [distDir] (default NEXT_DIST_DIR or .next).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Copies static files and public/ into the standalone folder; returns the server.js path. */
export function prepareStandalone(distDir = process.env.NEXT_DIST_DIR || ".next") {
  const dist = path.resolve(root, distDir);
  const standalone = path.join(dist, "standalone");
  const server = path.join(standalone, "server.js");
  if (!fs.existsSync(server)) throw new Error(`${path.relative(root, server)} is missing: run next build first`);
  // The standalone server looks for its build under the same relative distDir.
  const target = path.join(standalone, path.relative(root, dist), "static");
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(path.join(dist, "static"), target, { recursive: true });
  fs.cpSync(path.join(root, "public"), path.join(standalone, "public"), { recursive: true, force: true });
  return server;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = prepareStandalone(process.argv[2]);
  console.log(`Standalone server ready: node ${path.relative(root, server)}`);
}
