/**
 * `npm run security:scan [-- --port N] [--no-build] [--quick]`
 *
 * Builds the app, seeds the demo data into a fresh PGlite data directory in demo mode (production
 * refuses SEED_DEMO) and starts the production server (NODE_ENV=production) on it on
 * 127.0.0.1:N (45010 by default), then
 *   1. runs Debian's sqlmap (--batch, level 2, risk 1, time-based tests bounded) against the search
 *      parameters, a listing page's id, the properties screen's parameters (signed in) and the REST
 *      API's list parameters and path id (with an API key);
 *   2. runs Debian's wapiti against the whole site, signed out and signed in as a landlord (the
 *      session cookie is passed as a header), with the injection, XSS, redirect, CRLF, file and
 *      command modules and a bounded scan and attack time.
 * It fails (exit 1) on any finding: an injection point, a wapiti vulnerability or anomaly (a 500,
 * a timeout), or a 5xx sqlmap saw. The summary of the run is written between the markers of the
 * "Last scan" section of docs/security.md.
 *
 * Not part of `npm test` (it takes minutes). Needs the Debian packages sqlmap and wapiti.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  Cleanup,
  formatDuration,
  positiveInteger,
  privateBuild,
  repoRoot,
  seedDemoDatabase,
  startServer,
  table,
} from "./bench/support";

const { values: flags } = parseArgs({
  options: {
    port: { type: "string" },
    "no-build": { type: "boolean", default: false },
    // Shorter bounds for trying the script itself; the committed summary comes from a full run.
    quick: { type: "boolean", default: false },
  },
});
const port = positiveInteger("port", flags.port, 45010);
const quick = flags.quick ?? false;
const WAPITI_SCAN_SECONDS = quick ? 60 : 200;
const WAPITI_ATTACK_SECONDS = quick ? 20 : 40;
const SQLMAP_TIMEOUT_MS = (quick ? 60 : 150) * 1000;
const WAPITI_MODULES = "sql,blindsql,xss,permanentxss,redirect,crlf,exec,file,xxe";
const LANDLORD = "landlord@example.com";
/** Per-key API requests a minute for the scanned server, far above what sqlmap sends. */
const API_SCAN_RATE_LIMIT = 1_000_000;
const DEMO_PASSWORD = "Password123!";

/**
 * Debian's wapiti 3.0.4 builds its exclusion patterns with a trailing inline flag (`\Z(?ms)`),
 * which Python 3.11 refuses, so any `-x` crashes it. This starts wapiti with that one function
 * replaced by the same pattern with the flags in front.
 */
const WAPITI_LAUNCHER = `
import re, sys
import wapitiCore.net.crawler as crawler
crawler.wildcard_translate = lambda pattern: re.compile(
    "(?ms)" + "".join(".*" if char == "*" else re.escape(char) for char in pattern) + r"\\Z")
from wapitiCore.main.wapiti import wapiti_main
sys.argv[0] = "wapiti"
sys.exit(wapiti_main())
`;

interface Finding {
  tool: string;
  target: string;
  detail: string;
}

interface ToolRun {
  tool: string;
  target: string;
  seconds: number;
  result: string;
}

/** Runs a command to its end (or kills it after `timeoutMs`), returning its output. */
function run(command: string, args: string[], timeoutMs: number): Promise<{ output: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGTERM");
    }, timeoutMs);
    child.once("close", () => {
      clearTimeout(timer);
      resolve({ output, timedOut });
    });
  });
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/auth`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams({ intent: "sign_in", email: LANDLORD, password: DEMO_PASSWORD }).toString(),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => pair.includes("session_token="))
    .join("; ");
  if (response.status !== 302 || !cookie) throw new Error(`signing in as ${LANDLORD} answered ${response.status}`);
  return cookie;
}

async function createApiKey(url: string, cookie: string): Promise<string> {
  const response = await fetch(`${url}/settings/api-keys`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url, cookie },
    body: new URLSearchParams({
      intent: "create",
      name: "Security scan",
      expiresInDays: "30",
      scope: "read",
    }).toString(),
  });
  // The page also lists keys by their first characters: the full key is the longest match.
  const key = (await response.text()).match(/lr_live_[A-Za-z0-9]+/g)?.sort((a, b) => b.length - a.length)[0];
  if (!key) throw new Error(`creating an API key answered ${response.status} without a key`);
  return key;
}

/** The query the API target filters by: a cursor is only valid for the same filters. */
const API_FILTERS = "title=room&keyword=room&availableFrom=2026-01-01&minPrice=100&maxPrice=900";

/** A real `next_cursor` for the API target, so that its baseline is a page and not a 400 for a cursor we never gave out. */
async function apiCursor(url: string, apiKey: string): Promise<string> {
  const response = await fetch(`${url}/api/listings?limit=2&${API_FILTERS}`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  const cursor = ((await response.json()) as { next_cursor?: string | null }).next_cursor;
  if (!cursor) throw new Error(`GET /api/listings answered ${response.status} without a next page`);
  return cursor;
}

/**
 * sqlmap's baseline must be the page itself: a URL that is not canonical (a default left in, an
 * unknown parameter, a page past the last) answers 302 to the canonical one for every request,
 * payloads included, and sqlmap then compares redirected pages whose only differences are the
 * per-request CSP nonce and, under load, a "taking too long" answer, which it has taken for a
 * boolean-based blind injection. So each target answers 200 as it stands, with every value
 * differing from its default; the check below refuses a target that does not. sqlmap's own
 * comparison is left as it is (no --string, --text-only or --ignore-redirects): a payload that a
 * page reads as invalid falls back to the default and is redirected there, and both answers of a
 * boolean pair then look alike, so nothing is hidden and nothing is made up.
 */
async function answersDirectly(target: { name: string; url: string; headers?: string[]; cookie?: string }) {
  const headers: Record<string, string> = {};
  for (const line of target.headers ?? []) {
    const [name = "", ...value] = line.split(":");
    headers[name.trim()] = value.join(":").trim();
  }
  if (target.cookie) headers.cookie = target.cookie;
  const response = await fetch(target.url.replace(/\*$/, ""), { headers, redirect: "manual" });
  await response.body?.cancel();
  if (response.status !== 200) {
    throw new Error(`sqlmap target ${target.name} answers ${response.status}, not 200: ${target.url}`);
  }
}

async function firstListingId(url: string): Promise<string> {
  const id = /\/listing\/([0-9a-f-]{36})/.exec(await (await fetch(`${url}/search`)).text())?.[1];
  if (!id) throw new Error("no listing on /search");
  return id;
}

async function sqlmap(
  workDir: string,
  target: { name: string; url: string; headers?: string[]; cookie?: string },
): Promise<{ run: ToolRun; findings: Finding[] }> {
  const started = Date.now();
  const args = [
    "-u",
    target.url,
    "--batch",
    "--level=2",
    "--risk=1",
    "--threads=2",
    "--time-sec=2",
    "--timeout=10",
    "--retries=1",
    "--flush-session",
    "--disable-coloring",
    `--output-dir=${path.join(workDir, "sqlmap")}`,
  ];
  if (target.cookie) args.push(`--cookie=${target.cookie}`);
  if (target.headers) args.push(`--headers=${target.headers.join("\\n")}`);
  const { output, timedOut } = await run("sqlmap", args, SQLMAP_TIMEOUT_MS);
  writeFileSync(path.join(workDir, `sqlmap-${target.name.replace(/\W+/g, "-")}.log`), output);
  const findings: Finding[] = [];
  if (/identified the following injection point|is vulnerable/i.test(output)) {
    findings.push({ tool: "sqlmap", target: target.name, detail: "injection point identified" });
  }
  const errors = /HTTP error codes detected during run:\s*([^\n]*)/.exec(output)?.[1] ?? "";
  // A rate-limited answer never reached a query: a run that met the limit tested nothing.
  if (/\b429\b/.test(errors)) {
    findings.push({ tool: "sqlmap", target: target.name, detail: `rate-limited, so not tested: ${errors}` });
  }
  if (/\b5\d\d\b/.test(errors))
    findings.push({ tool: "sqlmap", target: target.name, detail: `server errors: ${errors}` });
  const clean = /do not appear to be injectable|does not seem to be injectable/.test(output);
  const result = findings.length
    ? findings.map((finding) => finding.detail).join("; ")
    : timedOut
      ? `stopped after ${SQLMAP_TIMEOUT_MS / 1000} s, nothing found`
      : clean
        ? "no injectable parameter"
        : "finished, nothing found";
  return { run: { tool: "sqlmap", target: target.name, seconds: (Date.now() - started) / 1000, result }, findings };
}

interface WapitiReport {
  vulnerabilities?: Record<string, { path?: string; info?: string; parameter?: string }[]>;
  anomalies?: Record<string, { path?: string; info?: string; parameter?: string }[]>;
}

async function wapiti(
  workDir: string,
  url: string,
  target: { name: string; cookie?: string; exclude: string[] },
): Promise<{ run: ToolRun; findings: Finding[]; pages: number }> {
  const started = Date.now();
  const report = path.join(workDir, `wapiti-${target.name.replace(/\W+/g, "-")}.json`);
  const args = [
    "-u",
    `${url}/`,
    "--scope",
    "folder",
    "-m",
    WAPITI_MODULES,
    "-d",
    "3",
    "--max-links-per-page",
    "40",
    "--max-files-per-dir",
    "40",
    "--max-scan-time",
    String(WAPITI_SCAN_SECONDS),
    "--max-attack-time",
    String(WAPITI_ATTACK_SECONDS),
    "-t",
    "10",
    "--flush-session",
    "--store-session",
    path.join(workDir, `wapiti-session-${target.name.replace(/\W+/g, "-")}`),
    "--no-bugreport",
    "-v",
    "1",
    "-f",
    "json",
    "-o",
    report,
  ];
  for (const excluded of target.exclude) args.push("-x", `${url}${excluded}`);
  // wapiti asks for Brotli, which Debian's Python cannot decode: it would find no links at all.
  args.push("-H", "Accept-Encoding: gzip, deflate");
  if (target.cookie) args.push("-H", `Cookie: ${target.cookie}`);
  const { output } = await run(
    "/usr/bin/python3",
    ["-c", WAPITI_LAUNCHER, ...args],
    // Crawling is bounded by --max-scan-time, then each module by --max-attack-time.
    (WAPITI_SCAN_SECONDS + WAPITI_MODULES.split(",").length * WAPITI_ATTACK_SECONDS + 120) * 1000,
  );
  writeFileSync(path.join(workDir, `wapiti-${target.name.replace(/\W+/g, "-")}.log`), output);
  let parsed: WapitiReport;
  try {
    parsed = JSON.parse(readFileSync(report, "utf8")) as WapitiReport;
  } catch {
    const findings = [{ tool: "wapiti", target: target.name, detail: "no report written (see the log)" }];
    return {
      run: { tool: "wapiti", target: target.name, seconds: (Date.now() - started) / 1000, result: "failed" },
      findings,
      pages: 0,
    };
  }
  const findings: Finding[] = [];
  for (const [kind, entries] of [
    ...Object.entries(parsed.vulnerabilities ?? {}),
    ...Object.entries(parsed.anomalies ?? {}),
  ]) {
    for (const entry of entries) {
      findings.push({
        tool: "wapiti",
        target: target.name,
        detail: `${kind}: ${entry.path ?? ""} ${entry.parameter ?? ""} — ${entry.info ?? ""}`.trim(),
      });
    }
  }
  // A crawl that found (almost) nothing attacked nothing: that is a failed scan, not a clean one.
  const pages = Number(/Wapiti found (\d+) URLs and forms/.exec(output)?.[1] ?? 0);
  if (pages < 10) findings.push({ tool: "wapiti", target: target.name, detail: `the crawl found only ${pages} URLs` });
  const result = findings.length ? `${findings.length} finding(s)` : `nothing found (${pages} URLs and forms attacked)`;
  return {
    run: { tool: "wapiti", target: target.name, seconds: (Date.now() - started) / 1000, result },
    findings,
    pages,
  };
}

/** Replaces the text between the scan markers in docs/security.md. */
function writeSummary(summary: string): void {
  const file = path.join(repoRoot, "docs/security.md");
  const start = "<!-- security-scan:start -->";
  const end = "<!-- security-scan:end -->";
  const text = readFileSync(file, "utf8");
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to === -1) throw new Error(`docs/security.md has no ${start} … ${end} markers`);
  writeFileSync(file, `${text.slice(0, from + start.length)}\n${summary}\n${text.slice(to)}`);
}

async function main(): Promise<number> {
  const began = Date.now();
  const cleanup = new Cleanup();
  try {
    const app = await privateBuild(cleanup, { rebuild: !flags["no-build"] });
    // Kept after the run, for reading the tools' own logs and reports.
    const workDir = path.join(tmpdir(), "laneway-security-scan");
    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(workDir, { recursive: true });
    const dataDir = path.join(app.scratchDir, "data");
    seedDemoDatabase(app, dataDir);
    const server = await startServer(cleanup, app, {
      dataDir,
      // sqlmap sends thousands of requests with one API key in a few seconds: at the default
      // per-key limit (600 a minute) nearly all of them were answered 429 and never reached a query.
      env: { MAP_TILE_URL: "none", API_RATE_LIMIT_PER_MINUTE: String(API_SCAN_RATE_LIMIT) },
      label: "scanned",
      port,
    });
    const url = server.url;
    console.log(`Scanning ${url} (production build, demo data, PGlite)…`);
    const cookie = await signIn(url);
    const apiKey = await createApiKey(url, cookie);
    const listingId = await firstListingId(url);

    const runs: ToolRun[] = [];
    const findings: Finding[] = [];
    const cursor = await apiCursor(url, apiKey);
    // Canonical URLs (the pages' own parameter order, no default values) that answer 200 as they
    // stand: see answersDirectly. The landlord's ten properties fill one page, so the properties
    // target has no page number (page 2 would be redirected back to page 1).
    const sqlmapTargets = [
      {
        name: "/search (every filter)",
        url: `${url}/search?title=room&keyword=room&availableFrom=2026-01-01&minPrice=100&maxPrice=900&sort=price-asc&pageSize=6&page=2`,
      },
      { name: "/listing/{id}", url: `${url}/listing/${listingId}*` },
      {
        name: "/settings/properties (signed in)",
        url: `${url}/settings/properties?q=room&pageSize=24`,
        cookie,
      },
      {
        name: "GET /api/listings (API key)",
        url: `${url}/api/listings?limit=2&${API_FILTERS}&cursor=${cursor}`,
        headers: [`Authorization: Bearer ${apiKey}`],
      },
      {
        name: "GET /api/listings/{id} (API key)",
        url: `${url}/api/listings/${listingId}*`,
        headers: [`Authorization: Bearer ${apiKey}`],
      },
    ];
    for (const target of sqlmapTargets) await answersDirectly(target);
    for (const target of sqlmapTargets) {
      console.log(`sqlmap: ${target.name}`);
      const result = await sqlmap(workDir, target);
      runs.push(result.run);
      findings.push(...result.findings);
      console.log(`  ${result.run.result} (${result.run.seconds.toFixed(0)} s)`);
    }

    // Never crawled: the development pages (demo tooling), and links that end the scan's own session.
    const exclude = ["/dev/*", "/auth/sign-out", "/settings/account"];
    for (const target of [
      { name: "whole site, signed out", exclude },
      { name: `whole site, signed in (${LANDLORD})`, cookie, exclude },
    ]) {
      console.log(`wapiti: ${target.name}`);
      const result = await wapiti(workDir, url, target);
      runs.push(result.run);
      findings.push(...result.findings);
      console.log(`  ${result.run.result} (${result.run.seconds.toFixed(0)} s)`);
    }
    // No payment provider is configured for the scan, so starting a checkout or the billing portal
    // answers 502 by design (production refuses the offline sandbox); any other logged error counts.
    const serverErrors = server.output.filter(
      (line) => /"level":(50|60)/.test(line) && !/"path":"\/billing\/(checkout|portal)","status":502/.test(line),
    );
    for (const line of serverErrors.slice(0, 20)) {
      findings.push({ tool: "server log", target: "server", detail: line.slice(0, 300) });
    }
    await server.stop();

    const took = formatDuration(Date.now() - began);
    const summary = [
      `Last run: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${took} in all ` +
        `(\`npm run security:scan${quick ? " -- --quick" : ""}\`; sqlmap level 2 / risk 1; wapiti modules ` +
        `${WAPITI_MODULES.split(",").join(", ")}, at most ${WAPITI_SCAN_SECONDS} s of scanning each).`,
      "",
      table(
        ["tool", "target", "time", "result"],
        runs.map((entry) => [entry.tool, entry.target, `${entry.seconds.toFixed(0)} s`, entry.result]),
        ["l", "l", "r", "l"],
      ),
      "",
      findings.length === 0
        ? "No findings, and the server logged no error."
        : `**${findings.length} finding(s):**\n\n${findings.map((finding) => `- ${finding.tool}, ${finding.target}: ${finding.detail}`).join("\n")}`,
    ].join("\n");
    writeSummary(summary);
    console.log(`\n${summary}\n\nLogs and reports: ${workDir}. Summary written to docs/security.md.`);
    return findings.length === 0 ? 0 : 1;
  } finally {
    await cleanup.runAll();
  }
}

process.exitCode = await main();
