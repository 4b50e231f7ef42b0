// lib/http/page-access.ts names every page and route handler under the trees it guards, and each
// admin page checks its own route's rule: a page added without a rule, or guarded by another
// page's, fails here rather than opening to the wrong people.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
const { guardedRouteOf, pageRules } = await import("@/lib/http/page-access");

const root = path.resolve("app/(request)");
/** Route → file, for every page.tsx and route.ts below app/(request), route groups left out. */
function routes(dir = root): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) for (const [r, f] of routes(full)) found.set(r, f);
    else if (entry.name === "page.tsx" || entry.name === "route.ts") {
      const route =
        "/" +
        path
          .relative(root, dir)
          .split(path.sep)
          .filter((s) => !/^\(.*\)$/.test(s))
          .join("/");
      found.set(route.replace(/\/$/, "") || "/", full);
    }
  }
  return found;
}
const guardedTree = /^\/(admin|account|two-factor|orders)(\/|$)/;

describe("page access rules", () => {
  const files = routes();

  it("name every page and route handler of the guarded trees, and nothing else", () => {
    const inTree = [...files.keys()].filter((r) => guardedTree.test(r)).sort();
    expect(inTree.length).toBeGreaterThan(25);
    expect(Object.keys(pageRules).sort()).toEqual(inTree);
  });

  it("are checked by each admin page for its own route", () => {
    for (const [route, file] of files) {
      if (!route.startsWith("/admin") || !file.endsWith("page.tsx")) continue;
      expect(readFileSync(file, "utf8"), file).toContain(`guardAdminPage("${route}")`);
    }
  });

  it("match a literal segment before a dynamic one, as Next routes", () => {
    expect(guardedRouteOf("/admin/orders/export")).toEqual({ route: "/admin/orders/export", segment: null });
    expect(guardedRouteOf("/admin/orders/ord_1")).toEqual({ route: "/admin/orders/[id]", segment: "ord_1" });
    expect(guardedRouteOf("/orders/find")).toEqual({ route: "/orders/find", segment: null });
    expect(guardedRouteOf("/orders/abc/receipt")).toEqual({ route: "/orders/[token]/receipt", segment: "abc" });
    expect(guardedRouteOf("/cart")).toBeNull();
    expect(guardedRouteOf("/admin/orders/ord_1/extra")).toBeNull();
  });
});
