/**
 * `npm run bench:web [-- --build] [--report-dir DIR]`
 *
 * Starts the production server (demo data, fresh temporary DATA_DIR, PGlite) on a free loopback
 * port and
 *   1. prints the JavaScript a first visit downloads: what Chromium (phone viewport) fetches on
 *      home, /search, a listing page and /auth until 4 s after network idle, idle-loaded extras included
 *      (./browser-first-visit.ts; the figure the target is judged on), with each page's largest
 *      scripts, and the static part of it from React Router's manifest (./first-visit-js.ts);
 *   2. runs Lighthouse (Debian's Chromium at /usr/bin/chromium, headless; no browser download) on
 *      the home page, /search and one listing page, with the mobile preset (Lighthouse's default
 *      config) and the desktop preset, and prints the category scores, LCP/CLS/TBT, PASS/MISS
 *      against the targets, and the audits Lighthouse flags.
 *
 * The browser may reach loopback only: a host-resolver rule makes every other host unresolvable,
 * and the server runs with MAP_TILE_URL=none (no OpenStreetMap tiles).
 *
 * Flags: --build (run `npx react-router build` first), --runs N (Lighthouse N times per page and
 * preset, the median by performance score is reported, with every run's score and Lighthouse's
 * benchmark index of the machine beside it; default 1), --report-dir DIR (also write
 * each reported Lighthouse run as HTML there), --skip-lighthouse (JS sizes only), --preset
 * mobile|desktop|both (default both).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, generateReport, type Config, type Result } from "lighthouse";
import { browserFirstVisit, launchChromium, type BrowserFirstVisit } from "./browser-first-visit";
import { firstVisitScripts, readRouteManifest, sizesOf, type Sizes } from "./first-visit-js";
import {
  Cleanup,
  freePort,
  formatMs,
  loadAverage,
  machineSummary,
  positiveInteger,
  privateBuild,
  seedDemoDatabase,
  startServer,
  table,
  type PrivateApp,
} from "./support";

const { values: flags } = parseArgs({
  options: {
    build: { type: "boolean", default: false },
    "report-dir": { type: "string" },
    "skip-lighthouse": { type: "boolean", default: false },
    runs: { type: "string" },
    preset: { type: "string", default: "both" },
  },
  strict: true,
});
if (!["mobile", "desktop", "both"].includes(flags.preset)) throw new Error("--preset must be mobile, desktop or both");
const PRESETS = flags.preset === "both" ? (["mobile", "desktop"] as const) : [flags.preset as "mobile" | "desktop"];

const RUNS = positiveInteger("runs", flags.runs, 1);
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // Loopback only: any other host name fails to resolve.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
];

const TARGETS = { performance: 100, accessibility: 100, seo: 100, bestPractices: 100, jsKiB: 120, authJsKiB: 140 };
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

interface Page {
  name: string;
  path: string;
  /** React Router route id of the page (its parents are loaded too). */
  routeId: string;
}

// ---------------------------------------------------------------------------------------------
// JavaScript per route, from React Router's manifest
// ---------------------------------------------------------------------------------------------

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

function stylesheetsIn(html: string): string[] {
  return [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*>/g)]
    .map((match) => /href="(\/assets\/[^"]+\.css)"/.exec(match[0])?.[1])
    .filter((href): href is string => href !== undefined);
}

interface JsReport {
  page: Page;
  js: Sizes;
  css: Sizes;
}

function measureJs(app: PrivateApp, pages: Page[], htmlByPage: Map<string, string>): JsReport[] {
  const clientDir = path.join(app.appDir, "build/client");
  const manifest = readRouteManifest(clientDir);
  return pages.map((page) => {
    const scripts = firstVisitScripts(manifest, page.routeId);
    return {
      page,
      js: sizesOf(clientDir, scripts),
      css: sizesOf(clientDir, stylesheetsIn(htmlByPage.get(page.name) ?? "")),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Lighthouse
// ---------------------------------------------------------------------------------------------

interface LighthouseRun {
  page: Page;
  preset: "mobile" | "desktop";
  lhr: Result;
  /** The performance score of every run of this page and preset, lowest first (the median is `lhr`'s). */
  performanceScores: number[];
}

const score = (lhr: Result, category: string) => {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? Number.NaN : Math.round(value * 100);
};
const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** Script bytes the page really transferred (compressed, as served), from Lighthouse's network log. */
function scriptTransfer(lhr: Result): { files: number; bytes: number } {
  const details = lhr.audits["network-requests"]?.details as
    { items?: { resourceType?: string; transferSize?: number }[] } | undefined;
  const scripts = (details?.items ?? []).filter((item) => item.resourceType === "Script");
  return { files: scripts.length, bytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) };
}

interface Problem {
  id: string;
  category: string;
  title: string;
  score: number;
  displayValue: string;
  savingsMs: number;
  savingsBytes: number;
  examples: string[];
  runs: string[];
}

/** Audits scored below 0.9 (Lighthouse's pass mark), metrics themselves left out. */
function problemsOf(run: LighthouseRun): Problem[] {
  const problems: Problem[] = [];
  for (const category of CATEGORIES) {
    for (const ref of run.lhr.categories[category]?.auditRefs ?? []) {
      if (ref.group === "metrics") continue;
      const audit = run.lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (["notApplicable", "informative", "manual", "error"].includes(audit.scoreDisplayMode)) continue;
      const details = audit.details as
        | {
            overallSavingsMs?: number;
            overallSavingsBytes?: number;
            items?: {
              node?: { selector?: string; snippet?: string };
              url?: string;
              source?: { url?: string };
              href?: string;
              text?: string;
            }[];
          }
        | undefined;
      const savings = audit.metricSavings ?? {};
      const examples = (Array.isArray(details?.items) ? details.items : [])
        .map(
          (item) =>
            item.node?.snippet ??
            item.node?.selector ??
            item.url ??
            item.source?.url ??
            (item.href ? `"${item.text ?? ""}" → ${item.href}` : undefined),
        )
        .filter((text): text is string => typeof text === "string" && text !== "")
        .map((text) => text.replace(/http:\/\/127\.0\.0\.1:\d+/g, ""))
        .filter((text, index, all) => all.indexOf(text) === index)
        .slice(0, 3);
      problems.push({
        id: audit.id,
        category,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue ?? "",
        savingsMs: Math.max(details?.overallSavingsMs ?? 0, savings.LCP ?? 0, savings.FCP ?? 0, savings.TBT ?? 0),
        savingsBytes: details?.overallSavingsBytes ?? 0,
        examples,
        runs: [`${run.page.name} (${run.preset})`],
      });
    }
  }
  return problems;
}

function mergeProblems(runs: LighthouseRun[]): Problem[] {
  const merged = new Map<string, Problem>();
  for (const problem of runs.flatMap(problemsOf)) {
    const seen = merged.get(problem.id);
    if (!seen) {
      merged.set(problem.id, problem);
      continue;
    }
    seen.runs.push(...problem.runs);
    seen.score = Math.min(seen.score, problem.score);
    seen.savingsMs = Math.max(seen.savingsMs, problem.savingsMs);
    seen.savingsBytes = Math.max(seen.savingsBytes, problem.savingsBytes);
    if (!seen.displayValue) seen.displayValue = problem.displayValue;
    for (const example of problem.examples)
      if (seen.examples.length < 3 && !seen.examples.includes(example)) seen.examples.push(example);
  }
  const order = ["accessibility", "seo", "best-practices", "performance"];
  return [...merged.values()].sort(
    (a, b) =>
      order.indexOf(a.category) - order.indexOf(b.category) ||
      b.savingsMs - a.savingsMs ||
      b.savingsBytes - a.savingsBytes ||
      a.score - b.score,
  );
}

/**
 * Lighthouse on each page with each preset, `runs` times, keeping the run with the median
 * performance score. Each run gets a fresh Chromium (a reused tab can carry state between runs).
 */
async function runLighthouse(cleanup: Cleanup, baseUrl: string, pages: Page[], runs: number): Promise<LighthouseRun[]> {
  const results: LighthouseRun[] = [];
  for (const preset of PRESETS) {
    for (const page of pages) {
      const attempts: Omit<LighthouseRun, "performanceScores">[] = [];
      let retries = 0;
      for (let attempt = 1; attempt <= runs; attempt++) {
        console.log(
          `  Lighthouse ${preset}: ${page.path}${runs > 1 ? ` (run ${attempt}/${runs})` : ""} — load average ${loadAverage().toFixed(1)}`,
        );
        const chrome = await chromeLauncher.launch({
          port: await freePort(),
          chromePath: CHROME_PATH,
          chromeFlags: CHROME_FLAGS,
          handleSIGINT: false, // the cleanup kills it
          logLevel: "silent",
        });
        const forget = cleanup.add("kill Chromium", () => chrome.kill());
        try {
          const config: Config | undefined = preset === "desktop" ? desktopConfig : undefined;
          const result = await lighthouse(
            `${baseUrl}${page.path}`,
            { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] },
            config,
          );
          if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
          if (result.lhr.runtimeError) {
            // A busy machine sometimes loses the trace (NO_NAVSTART): that run is taken again, up to twice.
            if (retries++ < 2) {
              console.log(`    failed (${result.lhr.runtimeError.code}), running it again`);
              attempt--;
              continue;
            }
            throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
          }
          for (const warning of result.lhr.runWarnings) console.log(`    warning: ${String(warning)}`);
          attempts.push({ page, preset, lhr: result.lhr });
        } finally {
          chrome.kill();
          forget();
        }
      }
      attempts.sort((a, b) => score(a.lhr, "performance") - score(b.lhr, "performance"));
      const median = attempts[Math.floor(attempts.length / 2)]!;
      results.push({ ...median, performanceScores: attempts.map((run) => score(run.lhr, "performance")) });
    }
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

const passMiss = (ok: boolean) => (ok ? "PASS" : "MISS");

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  try {
    console.log(`# bench:web — ${machineSummary()}`);
    console.log(`1-minute load average at the start: ${loadAverage().toFixed(1)}`);
    const app = await privateBuild(cleanup, { rebuild: flags.build });
    const dataDir = path.join(app.scratchDir, "data");
    mkdirSync(dataDir, { recursive: true });
    seedDemoDatabase(app, dataDir);
    const server = await startServer(cleanup, app, {
      label: "web",
      dataDir,
      env: { MAP_TILE_URL: "none" },
    });
    try {
      const searchHtml = await (await fetch(`${server.url}/search`)).text();
      const listingPath = /href="(\/listing\/[0-9a-f-]{36})[?"]/.exec(searchHtml)?.[1];
      if (!listingPath) throw new Error("no /listing/… link found in the /search page");
      const pages: Page[] = [
        { name: "home", path: "/", routeId: "routes/public/home" },
        { name: "search", path: "/search", routeId: "routes/public/search" },
        { name: "listing", path: listingPath, routeId: "routes/public/listing" },
      ];
      const htmlByPage = new Map<string, string>();
      for (const page of pages) {
        const response = await fetch(`${server.url}${page.path}`);
        if (!response.ok) throw new Error(`${page.path} answered ${response.status}`);
        htmlByPage.set(page.name, await response.text());
      }

      const js = measureJs(app, pages, htmlByPage);
      const visited: { name: string; visit: BrowserFirstVisit }[] = [];
      const browser = await launchChromium();
      try {
        for (const page of [...pages, { name: "auth", path: "/auth" }])
          visited.push({ name: page.name, visit: await browserFirstVisit(browser, server.url, page.path) });
      } finally {
        await browser.close();
      }
      let runs: LighthouseRun[] = [];
      if (!flags["skip-lighthouse"]) {
        console.log(`\nRunning Lighthouse (${CHROME_PATH}) on ${pages.map((page) => page.path).join(", ")}…`);
        runs = await runLighthouse(cleanup, server.url, pages, RUNS);
      }

      console.log(
        `\n## JavaScript a first visit downloads (Chromium, phone viewport, until 4 s after network idle; KiB)\n`,
      );
      console.log(
        table(
          ["page", "scripts", "JS gzip -9"],
          visited.map(({ name, visit }) => [name, visit.scripts.length, kib(visit.gzip)]),
          ["l", "r", "r"],
        ),
      );
      for (const { name, visit } of visited)
        console.log(
          `Largest on ${name} (gzip -9 KiB): ${visit.scripts
            .slice(0, 8)
            .map((script) => `${path.basename(script.url)} ${kib(script.gzip)}`)
            .join(", ")}`,
        );

      console.log(`\n## Of which static imports, from the manifest (KiB)\n`);
      console.log(
        table(
          ["page", "route", "JS files", "JS raw", "JS gzip -9", "JS brotli q11 (as served)", "CSS gzip -9"],
          js.map((report) => [
            report.page.name,
            report.page.routeId,
            report.js.files,
            kib(report.js.raw),
            kib(report.js.gzip),
            kib(report.js.brotli),
            kib(report.css.gzip),
          ]),
          ["l", "l", "r", "r", "r", "r", "r"],
        ),
      );

      if (runs.length > 0) {
        const reportDir = flags["report-dir"];
        if (reportDir) {
          mkdirSync(reportDir, { recursive: true });
          for (const run of runs) {
            const file = path.join(reportDir, `lighthouse-${run.page.name}-${run.preset}.html`);
            writeFileSync(file, generateReport(run.lhr, "html"));
          }
          console.log(`\nHTML reports written to ${reportDir}`);
        }

        console.log(`\n## Lighthouse ${runs[0]?.lhr.lighthouseVersion ?? ""}\n`);
        console.log(
          table(
            [
              "page",
              "preset",
              "perf",
              "perf, each run",
              "a11y",
              "best practices",
              "SEO",
              "LCP ms",
              "CLS",
              "TBT ms",
              "FCP ms",
              "JS transferred KiB",
              "benchmark index",
            ],
            runs.map((run) => {
              const transfer = scriptTransfer(run.lhr);
              return [
                run.page.name,
                run.preset,
                score(run.lhr, "performance"),
                run.performanceScores.join(" / "),
                score(run.lhr, "accessibility"),
                score(run.lhr, "best-practices"),
                score(run.lhr, "seo"),
                formatMs(metric(run.lhr, "largest-contentful-paint")),
                metric(run.lhr, "cumulative-layout-shift").toFixed(3),
                formatMs(metric(run.lhr, "total-blocking-time")),
                formatMs(metric(run.lhr, "first-contentful-paint")),
                `${kib(transfer.bytes)} (${transfer.files} files)`,
                // Lighthouse's own measure of the machine's speed: scores from machines far apart in it do not compare.
                String(Math.round(run.lhr.environment.benchmarkIndex)),
              ];
            }),
            ["l", "l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
          ),
        );
      }

      console.log(`\n## Targets\n`);
      const rows: string[][] = [];
      const mobile = runs.filter((run) => run.preset === "mobile");
      for (const run of mobile) {
        const perf = score(run.lhr, "performance");
        const a11y = score(run.lhr, "accessibility");
        const seo = score(run.lhr, "seo");
        rows.push([
          `${run.page.name}: mobile performance ≥ ${TARGETS.performance}`,
          String(perf),
          passMiss(perf >= TARGETS.performance),
        ]);
        rows.push([
          `${run.page.name}: mobile accessibility = ${TARGETS.accessibility}`,
          String(a11y),
          passMiss(a11y >= TARGETS.accessibility),
        ]);
        rows.push([`${run.page.name}: mobile SEO = ${TARGETS.seo}`, String(seo), passMiss(seo >= TARGETS.seo)]);
        const bestPractices = score(run.lhr, "best-practices");
        rows.push([
          `${run.page.name}: mobile best practices = ${TARGETS.bestPractices}`,
          String(bestPractices),
          passMiss(bestPractices >= TARGETS.bestPractices),
        ]);
      }
      for (const { name, visit } of visited) {
        const ceiling = name === "auth" ? TARGETS.authJsKiB : TARGETS.jsKiB;
        rows.push([
          `${name}: first-visit JS (as fetched) ≤ ${ceiling} KiB gzip`,
          `${kib(visit.gzip)} KiB`,
          passMiss(visit.gzip / 1024 <= ceiling),
        ]);
      }
      console.log(table(["target", "measured", "result"], rows));

      const problems = mergeProblems(runs);
      if (problems.length > 0) {
        console.log(`\n## What Lighthouse flags (audits below its 0.9 pass mark; metrics left out)\n`);
        for (const problem of problems.slice(0, 20)) {
          const savings = [
            problem.savingsMs > 0 ? `~${Math.round(problem.savingsMs)} ms` : "",
            problem.savingsBytes > 0 ? `~${kib(problem.savingsBytes)} KiB` : "",
          ]
            .filter(Boolean)
            .join(", ");
          console.log(
            `- [${problem.category}] ${problem.title} (${problem.id})${problem.displayValue ? ` — ${problem.displayValue}` : ""}${savings ? ` — savings ${savings}` : ""}`,
          );
          console.log(`    on: ${problem.runs.join(", ")}`);
          for (const example of problem.examples) console.log(`    e.g. ${example.slice(0, 200)}`);
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    await cleanup.runAll();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
