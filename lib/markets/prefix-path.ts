// A shop path under a market's URL prefix (docs/markets.md#urls): every shopper link rendered on a
// market's page keeps the page's prefix ("/id", "/id/en", or "" for the default market in its
// default language). Pure, so server and client components write links the same way.

/**
 * ("/id", "/p/X") → "/id/p/X"; ("/id", "/") → "/id"; ("/id", "/?q=a") → "/id?q=a"; ("", "/p/X")
 * → "/p/X". Anything that is not a path of this site ("https://…", "//host", "#top") is returned
 * as it is, and so is a path already under the prefix (no page of the shop starts with a market's
 * segment: the first segment is the market's).
 */
export function pathUnderPrefix(prefix: string, path: string): string {
  if (!prefix || !path.startsWith("/") || path.startsWith("//")) return path;
  if (path === prefix || (["/", "?", "#"].includes(path[prefix.length]) && path.startsWith(prefix))) return path;
  if (path === "/") return prefix;
  if (path[1] === "?" || path[1] === "#") return prefix + path.slice(1);
  return prefix + path;
}
