import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "~/app/routes";
import { repoRoot } from "~/tests/support/server-process";

export interface RouteEntry {
  /** The full pattern: "/settings/profile", "/listing/:id", "/admin/*". */
  pattern: string;
  /** The route module, relative to app/. */
  file: string;
  /** Whether the module exports an action (it takes POSTs). */
  hasAction: boolean;
}

function flatten(entries: RouteConfigEntry[], parent = ""): { pattern: string; file: string }[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${parent}/${entry.path}` : parent || "/";
    return [{ pattern, file: entry.file }, ...flatten(entry.children ?? [], pattern)];
  });
}

/**
 * Every route of app/routes.ts, read from the route config itself (so a new route is here the
 * moment it is added). An index route shares its parent's pattern and is listed once, as the parent.
 */
export const ROUTES: RouteEntry[] = flatten(routeConfig)
  .filter((route, index, all) => all.findIndex((other) => other.pattern === route.pattern) === index)
  .map((route) => ({
    ...route,
    hasAction: /export (?:async )?function action|export const action/.test(
      readFileSync(path.join(repoRoot, "app", route.file), "utf8"),
    ),
  }));

/** A concrete path for a pattern: parameters become a well-formed id nobody has, a splat a missing page. */
export function probePath(pattern: string): string {
  return pattern.replace(/:\w+/g, "00000000-0000-4000-8000-000000000000").replace(/\*$/, "no-such-page");
}
