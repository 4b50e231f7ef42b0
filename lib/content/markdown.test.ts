import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown";

describe("renderMarkdown", () => {
  it("renders headings, lists and links", () => {
    const html = renderMarkdown("## Refunds\n\n- within **14 days**\n- [contact](/contact) or https://example.com");
    expect(html).toContain("<h2>Refunds</h2>");
    expect(html).toContain("<strong>14 days</strong>");
    expect(html).toContain('<a href="/contact">contact</a>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">');
  });

  it("never lets HTML or script links through", () => {
    const html = renderMarkdown(
      "<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) [y](JAVASCRIPT:alert(1)) [z](data:text/html,hi)",
    );
    expect(html).not.toMatch(/<script|<img|href="javascript|href="data:text/i);
    expect(html).toContain("&lt;script&gt;");
  });
});
