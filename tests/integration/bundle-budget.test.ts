import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { firstVisitScripts, readRouteManifest, sizesOf } from "~/scripts/bench/first-visit-js";

/**
 * Reads the production build the test run makes first (`npm run build`): the JavaScript a first
 * visit downloads must stay under a ceiling, and the pieces loaded on demand must stay out of it.
 * The product target is 120 KiB gzip (docs/performance.md). Everything the browser fetches on a
 * first visit, whatever loads after hydration included, is held to it by tests/e2e/first-visit-js.spec.ts.
 */
const CEILING_KIB = 120;
/** Grouped chunks (scripts/vite/first-visit-chunks.ts, ADR 72) keep a first visit to 8 files. */
const MAX_FILES = 10;

const PAGES = [
  ["home", "routes/public/home"],
  ["search", "routes/public/search"],
  ["listing", "routes/public/listing"],
] as const;

/** Chunks that load when they are needed (first opening, idle time or first interaction). */
const ON_DEMAND = [
  "date-picker-calendar",
  "toaster",
  "cookie-banner",
  "newsletter-form",
  "account-controls",
  "listing-location",
  "partners-section",
  "plan-section",
  "status-page",
  "save-search",
  "pagination",
  "stay-filters",
  "subscription-notice",
  "listing-page-skeleton",
  "landing-path-tracker",
  "where-field",
  "results-toolbar",
  "search-map",
  "search-views",
  "search-map-leaflet.client",
  "search-empty-state",
  "screening-preview",
];

const clientDir = path.resolve("build/client");
const chunkName = (url: string) => path.basename(url).replace(/-[\w-]{8}\.js$/, "");

describe("JavaScript a first visit loads, gzip (production build)", () => {
  const manifest = readRouteManifest(clientDir);

  it.each(PAGES)(`%s stays under ${CEILING_KIB} KiB`, (_name, routeId) => {
    const kib = sizesOf(clientDir, firstVisitScripts(manifest, routeId)).gzip / 1024;
    expect(kib).toBeLessThanOrEqual(CEILING_KIB);
  });

  it.each(PAGES)(`%s loads at most ${MAX_FILES} script files`, (_name, routeId) => {
    expect(firstVisitScripts(manifest, routeId).size).toBeLessThanOrEqual(MAX_FILES);
  });

  it.each(PAGES)(
    "%s leaves the calendar, toasts, cookie banner, map section, plan, pagination and other extras for later",
    (_name, routeId) => {
      const firstVisit = [...firstVisitScripts(manifest, routeId)].map(chunkName);
      for (const chunk of ON_DEMAND) expect(firstVisit, chunk).not.toContain(chunk);
    },
  );

  it("leaves the phone field, with its phone-number library, out of the sign-in page", () => {
    const firstVisit = [...firstVisitScripts(manifest, "routes/auth/auth")].map(chunkName);
    expect(firstVisit).not.toContain("phone-input");
    const chunks = readdirSync(path.join(clientDir, "assets")).map(chunkName);
    expect(chunks).toContain("phone-input");
  });

  it("builds each on-demand extra as a chunk of its own", () => {
    const chunks = readdirSync(path.join(clientDir, "assets")).map(chunkName);
    for (const chunk of ON_DEMAND) expect(chunks, chunk).toContain(chunk);
  });
});
