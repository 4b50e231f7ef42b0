// The accessibility check shared by the a11y specs: axe-core on the rendered page, WCAG 2.1
// A/AA rules, failing on any "serious" or "critical" violation (listed with their targets).
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Runs axe on the current page and fails with a readable list of serious/critical violations. */
export async function expectNoSeriousViolations(page: Page) {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}
