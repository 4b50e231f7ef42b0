// The Content-Security-Policy of a cached catalog page, computed once, when the page is written to
// the cache, and stored with it (docs/storefront.md#cached-catalog-pages). A per-request nonce
// cannot be cached with the HTML it belongs to, so a cached page allows its scripts by hash:
//  - the framework's inline scripts, recognised by their exact forms only (the flight data
//    pushes, each one JSON string; the bundler's bootstrap, one JSON object). Any other inline
//    script in the HTML — one injected through content — gets no hash and does not run;
//  - the framework's own script tags (/_next/static/…) are replaced by one inline loader that
//    inserts them: its hash is allowed, and 'strict-dynamic' extends trust to what it inserts.
//    Parser-inserted script tags carry no nonce here, and strict-dynamic would refuse them.
"use strict";

const { createHash } = require("node:crypto");
const { documentPolicy } = require("./document-policy.cjs");

const FLIGHT_START = /^\(self\.__next_f=self\.__next_f\|\|\[\]\)\.push\(\[0\]\);?$/;
const FLIGHT_PUSH = /^self\.__next_f\.push\(\[1,"(?:[^"\\]|\\.)*"\]\);?$/;
const BUNDLER_BOOT = /^\(globalThis\["TURBOPACK"\] \|\| \(globalThis\["TURBOPACK"\] = \[\]\)\)\.push\((\{[^<]*\})\);?$/;
const FRAMEWORK_SCRIPT =
  /<script src="(\/_next\/static\/[A-Za-z0-9_\-./]+\.js)"(?: id="_R_")? async=""(?: nonce="[^"]*")?><\/script>/g;
const LEGACY_SCRIPT = /<script src="\/_next\/static\/[A-Za-z0-9_\-./]+\.js" noModule=""(?: nonce="[^"]*")?><\/script>/g;
const SCRIPT_PRELOAD =
  /<link rel="preload" as="script" fetchPriority="low" href="\/_next\/static\/[A-Za-z0-9_\-./]+\.js"\/>/g;
// An inline script tag with the attributes the framework gives its own: none, the bootstrap's
// id, or a nonce (which the hash makes irrelevant).
const INLINE_SCRIPT = /<script(?: (?:id="_R_"|nonce="[^"]*"))*>([\s\S]*?)<\/script>/g;
// The document Next sends when a page's render ended in notFound(): its body is left to the scripts.
const ERROR_DOCUMENT = /^<!DOCTYPE html><html id="__next_error__"/i;

const sha256 = (text) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** A script of the framework's own inline forms (nothing else is hashed). */
function isFrameworkInline(body) {
  if (FLIGHT_START.test(body) || FLIGHT_PUSH.test(body)) return true;
  const boot = BUNDLER_BOOT.exec(body);
  if (!boot) return false;
  try {
    JSON.parse(boot[1]);
    return true;
  } catch {
    return false;
  }
}

/**
 * The inline loader of the framework's scripts (docs/storefront.md#speed-on-phones): it inserts
 * their script tags (in their order, async as before) once the page has painted its first text,
 * which needs no script — the paint is not kept waiting for them, nor for the bandwidth they
 * take. Without paint timing it waits for the next frame; in a tab opened in the background,
 * which paints only when shown, it does not wait; and it never waits more than 1 s after the
 * page is parsed. What a shopper types meanwhile is kept by the fields themselves
 * (components/ui/use-typed-before-hydration.ts), and a control that needs JavaScript stays
 * disabled until the page has hydrated. `atOnce`: the document has nothing to paint before its
 * scripts run (below), so it inserts them at once.
 */
function loaderFor(sources, atOnce) {
  const insert = `${JSON.stringify(sources)}.forEach(function(s){var e=d.createElement("script");e.src=s;e.async=true;d.head.appendChild(e)})`;
  if (atOnce) return `(function(d){${insert}})(document)`;
  return (
    `(function(d,w){var done=0;function run(){if(done)return;done=1;${insert}}` +
    `function painted(){if(d.visibilityState!=="visible")return run();d.addEventListener("visibilitychange",run);w.setTimeout(run,1000);` +
    `var P=w.PerformanceObserver,types=P&&P.supportedEntryTypes||[];` +
    `if(types.indexOf("paint")===-1)return w.requestAnimationFrame(function(){w.setTimeout(run,0)});` +
    `new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();run()}}).observe({type:"paint",buffered:true})}` +
    `d.readyState==="loading"?d.addEventListener("DOMContentLoaded",painted):painted()})(document,window)`
  );
}

/**
 * Rewrites a page's HTML for a hash-based policy and returns it with that policy's script hashes.
 * @param {string} html
 * @returns {{ html: string, hashes: string[], refused: number }}
 */
function hashPolicyFor(html) {
  const sources = [];
  let out = html.replace(FRAMEWORK_SCRIPT, (_m, src) => (sources.push(src), ""));
  out = out.replace(LEGACY_SCRIPT, "").replace(SCRIPT_PRELOAD, "");
  // A page whose notFound() Next answers with an empty error document (`<html id="__next_error__">`:
  // the not-found view is only in the flight data, rendered by the scripts) would never paint;
  // waiting for its paint would hold a shopper on a blank page for the loader's whole second.
  const loader = loaderFor(sources, ERROR_DOCUMENT.test(out));
  out = out.includes("</head>")
    ? out.replace("</head>", `<script>${loader}</script></head>`)
    : `<script>${loader}</script>${out}`;
  const hashes = new Set();
  let refused = 0;
  for (const m of out.matchAll(INLINE_SCRIPT)) {
    if (m[1] === loader || isFrameworkInline(m[1])) hashes.add(sha256(m[1]));
    else refused += 1;
  }
  return { html: out, hashes: [...hashes], refused };
}

/** The whole policy of a cached catalog page: the pages' one policy (document-policy.cjs) by hash. */
function cachedPagePolicy(hashes) {
  return documentPolicy(`'strict-dynamic' ${hashes.join(" ")}`);
}

module.exports = { hashPolicyFor, cachedPagePolicy, isFrameworkInline };
