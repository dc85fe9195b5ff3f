import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";
import { landingCookies, shouldRemember } from "~/lib/landing-path";

/** The catch-all route that answers 404: never remembered. */
const NOT_FOUND_ROUTE_ID = "routes/not-found";

/**
 * Remembers client-side navigations as the landing target (the server remembers page loads), so a
 * visitor who moves around without reloading and later comes back to `/` lands on their last page.
 * Render it once inside the app (not in error boundaries: error pages are never remembered).
 */
export function LandingPathTracker() {
  const { pathname, search } = useLocation();
  const leaf = useMatches().at(-1);
  const notFound = leaf === undefined || leaf.id === NOT_FOUND_ROUTE_ID || "*" in leaf.params;

  useEffect(() => {
    const path = `${pathname}${search}`;
    if (notFound || !shouldRemember(path)) return;
    const secure = window.location.protocol === "https:";
    for (const cookie of landingCookies(path, { secure })) document.cookie = cookie;
  }, [pathname, search, notFound]);

  return null;
}
