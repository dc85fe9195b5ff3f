export type PageRangeItem = number | "ellipsis";

/**
 * The page numbers to show for `page` of `pageCount`: always the first and last page, `siblings`
 * pages either side of the current one, and "ellipsis" for each gap. The list keeps the same length
 * (2 × siblings + 5) wherever the current page is, so the control does not jump about; short ranges
 * are listed in full.
 */
export function paginationRange(page: number, pageCount: number, siblings = 1): PageRangeItem[] {
  const count = Math.max(0, Math.floor(pageCount));
  const slots = 2 * siblings + 5;
  if (count <= slots) return range(1, count);

  const current = Math.min(Math.max(1, Math.floor(page)), count);
  // First, ellipsis, the window, ellipsis, last: the window is slots - 4 pages wide.
  const windowSize = slots - 4;
  const start = Math.min(Math.max(current - siblings, 3), count - 2 - (windowSize - 1));
  const end = start + windowSize - 1;

  // A gap of exactly one page shows that page instead of an ellipsis.
  const head: PageRangeItem[] = start === 3 ? [1, 2] : [1, "ellipsis"];
  const tail: PageRangeItem[] = end === count - 2 ? [count - 1, count] : ["ellipsis", count];
  return [...head, ...range(start, end), ...tail];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
