// What a catalog page's scripts hold before it is interactive (docs/storefront.md#speed-on-phones).
// zod (about 31 KiB compressed) validates a top-up account in the browser, but only when the
// shopper asks for a check: the account form imports its schema lazily, so family and product
// pages do not wait for it. This walks the client code app/(catalog) renders, as the bundler
// would (tests/helpers/module-graph.ts), and names each module that would put zod back up front.
import { describe, expect, it } from "vitest";
import { clientModules, codeFilesUnder, packageImports } from "../helpers/module-graph";

const pages = codeFilesUnder("app/(catalog)");
const heavy = ["zod"];
const upFront = clientModules(pages, { dynamic: false });

describe("a catalog page's scripts", () => {
  it("do not hold zod from the start: the top-up account's schema is fetched when it is needed", () => {
    const offenders = upFront.filter((file) => packageImports(file).some((p) => heavy.includes(p)));
    expect(offenders, "client modules importing zod statically").toEqual([]);
  });

  it("still reach the schema, lazily (so the walk above looks where zod would come from)", () => {
    const lazy = clientModules(pages).filter((file) => !upFront.includes(file));
    expect(lazy).toContain("lib/orders/quote/topup-fields.ts");
    expect(packageImports("lib/orders/quote/topup-fields.ts")).toContain("zod");
  });
});
