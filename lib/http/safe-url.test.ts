import { describe, expect, it } from "vitest";
import { safeHttpUrl } from "./safe-url";

describe("safeHttpUrl", () => {
  it("keeps http(s) links", () => {
    expect(safeHttpUrl("https://brand.example/redeem?x=1")).toBe("https://brand.example/redeem?x=1");
    expect(safeHttpUrl(" http://brand.example ")).toBe("http://brand.example/");
  });

  it("drops script, data and relative links, and nothing", () => {
    for (const bad of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "data:text/html,<script>1</script>",
      "vbscript:x",
      "/relative",
      "",
      null,
      undefined,
    ]) {
      expect(safeHttpUrl(bad)).toBeNull();
    }
  });
});
