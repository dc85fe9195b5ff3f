import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { expectNoClassConflicts } from "./class-conflicts";

/**
 * Fails on any serious or critical accessibility violation on the page as it is now. `exclude`
 * skips selectors axe cannot enter, such as a frame sandboxed without scripts (checked separately).
 * Also fails when an element's classes carry two utilities for one property (class-conflicts.ts).
 * `settleNetwork: false` is for a page checked while the test holds a request open on purpose.
 */
export async function expectNoAxeViolations(
  page: Page,
  { exclude = [] as string[], settleNetwork = true } = {},
): Promise<void> {
  // Contrast is judged on the settled page: a toast fading in is measured at its final colours
  // (endless animations, such as a spinner, are not waited for). The toast library loads with the
  // page's first toast, so the network settles first: a queued toast is on screen by then.
  if (settleNetwork) await page.waitForLoadState("networkidle");
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  await expectNoClassConflicts(page);
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
    }));
  expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
}
