import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { guardCallbackUrl } from "./callback-url";

const origin = "https://shop.example";
const request = (path: string, init?: { method?: string; cookie?: string }) =>
  new NextRequest(`${origin}${path}`, {
    method: init?.method ?? "GET",
    headers: init?.cookie ? { cookie: init.cookie } : {},
  });

describe("guardCallbackUrl", () => {
  it("hands next-auth / in place of a callbackUrl it cannot parse", () => {
    const guarded = guardCallbackUrl(
      request(`/api/auth/signin?callbackUrl=${encodeURIComponent("http://127.0.0.1:3451.evil.example/")}`),
      origin,
    );
    expect("request" in guarded && guarded.request.nextUrl.searchParams.get("callbackUrl")).toBe("/");
  });

  it("hands next-auth / in place of a target that resolves off the shop", () => {
    const guarded = guardCallbackUrl(request("/api/auth/signin?callbackUrl=/.%2F%2Fevil.example"), origin);
    expect("request" in guarded && guarded.request.nextUrl.searchParams.get("callbackUrl")).toBe("/");
  });

  it("passes a same-site callbackUrl and a request without one unchanged", () => {
    const same = request(`/api/auth/signin?callbackUrl=${encodeURIComponent("/search?q=steam")}`);
    expect(guardCallbackUrl(same, origin)).toEqual({ request: same });
    const none = request("/api/auth/session");
    expect(guardCallbackUrl(none, origin)).toEqual({ request: none });
  });

  it("refuses a POST carrying a hostile callbackUrl in its query", () => {
    const guarded = guardCallbackUrl(
      request("/api/auth/signin/credentials?callbackUrl=http://[::1", { method: "POST" }),
      origin,
    );
    expect("response" in guarded && guarded.response.status).toBe(400);
  });

  it("clears a callback-url cookie next-auth would refuse, with a 400", () => {
    const guarded = guardCallbackUrl(
      request("/api/auth/signin", { cookie: "next-auth.callback-url=http%3A%2F%2F127.0.0.1%3A3451.evil.example%2F" }),
      origin,
    );
    expect("response" in guarded && guarded.response.status).toBe(400);
    expect("response" in guarded && guarded.response.headers.get("set-cookie")).toMatch(
      /^next-auth\.callback-url=; Path=\/; Max-Age=0/,
    );
  });
});
