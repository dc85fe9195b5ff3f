/** Pixels of scroll after which the header shrinks into a rounded translucent bar. */
export const HEADER_SHRINK_THRESHOLD = 20;

const DARK_TEXT_PATHS = new Set(["/terms", "/privacy", "/cookies"]);

/**
 * Pages with a light top (legal pages, settings and admin) get dark header text from the start;
 * every other page opens on a dark hero and uses white text until the page is scrolled.
 */
export function usesDarkHeaderText(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return DARK_TEXT_PATHS.has(path) || path.includes("/admin") || path.includes("/settings");
}
