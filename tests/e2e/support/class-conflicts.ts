import { expect, type Page } from "@playwright/test";
import { twMerge } from "tailwind-merge";

export interface ClassConflict {
  /** The `class` attribute as the page has it. */
  classList: string;
  /** The utilities tailwind-merge would drop because a later one sets the same property. */
  dropped: string[];
}

/**
 * The class lists that carry two Tailwind utilities for the same property (`h-10 h-9`), each list
 * once. The app joins classes without resolving conflicts (`cn`, ADR 73), so in such a list the
 * stylesheet's order, not the list's, decides which one applies: tailwind-merge, which used to
 * resolve them at run time, is the judge here. Repeated classes are no conflict.
 */
export function classConflicts(classLists: Iterable<string>): ClassConflict[] {
  const conflicts: ClassConflict[] = [];
  for (const classList of new Set(classLists)) {
    const kept = new Set(twMerge(classList).split(/\s+/));
    const tokens = new Set(classList.split(/\s+/).filter(Boolean));
    const dropped = [...tokens].filter((token) => !kept.has(token));
    if (dropped.length > 0) conflicts.push({ classList, dropped });
  }
  return conflicts;
}

/** Fails when any element of the page as it is now (SVG included) has conflicting utilities. */
export async function expectNoClassConflicts(page: Page): Promise<void> {
  const classLists = await page.evaluate(() => [
    ...new Set(Array.from(document.querySelectorAll("[class]"), (element) => element.getAttribute("class") ?? "")),
  ]);
  const conflicts = classConflicts(classLists);
  const report = conflicts.map(({ classList, dropped }) => `  drops ${dropped.join(" ")} from: ${classList}`);
  expect(
    conflicts,
    `Class lists with two utilities for one property (give the component a variant instead):\n${report.join("\n")}`,
  ).toEqual([]);
}
