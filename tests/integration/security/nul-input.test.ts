// A NUL byte in an API's query is malformed input: PostgreSQL text cannot hold one, so a lookup
// with it fails. Such a request is answered 400 before its handler runs, never 500.
import { describe, expect, it } from "vitest";
import { GET as suggest } from "@/app/api/search/suggest/route";

describe("a NUL byte in an API query", () => {
  it("answers 400 for a search suggestion query holding one", async () => {
    const res = await suggest(new Request("http://shop.test/api/search/suggest?q=gift%00card"));
    expect(res.status).toBe(400);
  });

  it("still answers a suggestion query without one", async () => {
    const res = await suggest(new Request("http://shop.test/api/search/suggest?q=gift%20card"));
    expect(res.status).toBe(200);
  });
});
