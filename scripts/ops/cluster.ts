/**
 * `npm run test:cluster [-- --build]`
 *
 * Two instances of the production build behind Debian's HAProxy on loopback (instances on 46030 and
 * 46031, HAProxy on 46032), sharing one PostgreSQL database (a new `flt_cluster_…` database on
 * CLUSTER_DATABASE_URL's server, default the local 5432, dropped at the end), Redis (db 7 of
 * CLUSTER_REDIS_URL, default the local 6379) and one uploads directory (DATA_DIR):
 *   1. a session made on one instance works on the other;
 *   2. the contact form's per-address limit holds across both, and behind the proxy it counts the
 *      real client address (TRUSTED_PROXIES=loopback), not the proxy's;
 *   3. a photo uploaded through one instance is served by the other;
 *   4. a rolling restart under mixed load (SIGTERM one, start it again, then the other) loses no
 *      request: no connection error, no non-2xx answer, every acknowledged create stored. Each
 *      instance drains for SHUTDOWN_DRAIN_DELAY_MS after SIGTERM (readiness 503, still accepting),
 *      and HAProxy's health checks on /readyz must take it out of rotation within that delay.
 * Every wait is bounded; exits non-zero on any failed check.
 */
import { randomBytes, randomInt } from "node:crypto";
import { mkdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { like } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import { listings } from "~/db/schema";
import { connectDatabase } from "~/lib/db/client.server";
import { migrateDatabase } from "~/lib/db/migrate.server";
import { createUser } from "~/modules/auth/create-user.server";
import { createTestApiKey, createTestListing, createTestViewer } from "~/tests/support/factories";
import {
  Cleanup,
  formatDuration,
  loadAverage,
  machineSummary,
  privateBuild,
  sleep,
  type PrivateApp,
  type RunningServer,
} from "../bench/support";
import { startMixedLoad, WRITE_TITLE_PREFIX } from "./load";
import { HEALTH_CHECK, startHaproxy } from "./haproxy";
import { startServerOn } from "./ports";

const { values: flags } = parseArgs({ options: { build: { type: "boolean", default: false } } });

const PORTS = { a: 46030, b: 46031, proxy: 46032 };
/** The instances' drain delay: well above the health checks' worst case (inter × fall + check timeout). */
const DRAIN_DELAY_MS = 4000;
/** The proxy's name for each instance (servers are named by position). */
const PROXY_SERVER = { a: "s1", b: "s2" } as const;
const ADMIN_URL = process.env.CLUSTER_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? "redis://127.0.0.1:6379/7";
const PASSWORD = "Cluster-check-password-1";
const PUBLIC_HOST = `127.0.0.1:${PORTS.proxy}`;

const failures: string[] = [];
function check(ok: boolean, message: string): void {
  console.log(`${ok ? "  ok  " : "  FAIL"} ${message}`);
  if (!ok) failures.push(message);
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One HTTP request with node:http, so the client's own loopback address can be chosen. */
function request(
  url: string,
  {
    method = "GET",
    headers = {},
    body,
    localAddress,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    localAddress?: string;
  } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      // Every request names the public host, as it does through the proxy: React Router refuses a form
      // post whose Origin does not match the Host, and both must be the public address.
      { method, headers: { host: PUBLIC_HOST, ...headers }, agent: false, ...(localAddress ? { localAddress } : {}) },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    outgoing.setTimeout(20_000, () => outgoing.destroy(new Error(`${method} ${url} timed out`)));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

function cookieHeader(reply: Reply): string {
  return (reply.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]).join("; ");
}

function contactForm(): string {
  return new URLSearchParams({
    firstName: "Cluster",
    lastName: "Check",
    email: "cluster-check@example.com",
    phone: "0400 000 000",
    message: "Checking that the limit holds on every instance.",
  }).toString();
}

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  const started = Date.now();
  try {
    console.log(`# test:cluster — ${machineSummary()}, load average ${loadAverage().toFixed(1)}`);
    const app: PrivateApp = await privateBuild(cleanup, { rebuild: flags.build });

    const name = `flt_cluster_${randomBytes(5).toString("hex")}`;
    await adminQuery(`create database ${name}`);
    cleanup.add(`drop database ${name}`, () => adminQuery(`drop database if exists ${name} with (force)`));
    const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
    // One directory for both instances: the shared volume local uploads need (S3 needs none).
    const sharedDataDir = path.join(app.scratchDir, "shared-data");
    mkdirSync(sharedDataDir, { recursive: true });

    const handle = connectDatabase({ databaseUrl, dataDir: sharedDataDir });
    await migrateDatabase(handle);
    const landlord = await createUser(handle.db, {
      email: `cluster-${randomBytes(4).toString("hex")}@example.com`,
      password: PASSWORD,
      role: "landlord",
      subscriptionStatus: "active",
      emailVerified: true,
      firstName: "Cluster",
      lastName: "Landlord",
    });
    const staff = await createTestViewer(handle.db, { role: "staff" });
    const { key } = await createTestApiKey(handle.db, staff);
    const listingId = await createTestListing(handle.db, { title: "Cluster check reading room" });

    const publicUrl = `http://${PUBLIC_HOST}`;
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      // Every instance must share the secret that signs session cookies.
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      PUBLIC_URL: publicUrl,
      TRUSTED_PROXIES: "loopback",
      SEED_DEMO: "false",
      API_RATE_LIMIT_PER_MINUTE: "1000000",
      SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
    };
    const start = (label: "a" | "b"): Promise<RunningServer> =>
      startServerOn(cleanup, app, { label: `instance ${label}`, port: PORTS[label], dataDir: sharedDataDir, env });
    const instances = { a: await start("a"), b: await start("b") };
    const proxy = await startHaproxy(cleanup, {
      port: PORTS.proxy,
      upstreams: [PORTS.a, PORTS.b],
      prefix: "flt-cluster-haproxy-",
    });
    for (const label of ["a", "b"] as const) await proxy.waitForState(PROXY_SERVER[label], "UP");
    console.log(`two instances behind HAProxy at ${proxy.url}`);

    console.log("\n## A session made on one instance works on the other");
    const signIn = await request(`${instances.a.url}/auth`, {
      method: "POST",
      headers: { origin: publicUrl, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "sign_in", email: landlord.email, password: PASSWORD }).toString(),
    });
    const cookie = cookieHeader(signIn);
    check(signIn.status === 302 && cookie.length > 0, `signed in on instance a (${signIn.status})`);
    const onB = await request(`${instances.b.url}/settings/profile`, { headers: { cookie } });
    check(onB.status === 200, `instance b knows the session: /settings/profile answers ${onB.status}`);
    const anonymous = await request(`${instances.b.url}/settings/profile`);
    check(anonymous.status === 302, `without the cookie instance b redirects to sign-in (${anonymous.status})`);

    console.log("\n## Rate limits are shared, and count the real client address behind the proxy");
    const post = (base: string, extra: { headers?: Record<string, string>; localAddress?: string } = {}) =>
      request(`${base}/contact`, {
        method: "POST",
        headers: { origin: publicUrl, "content-type": "application/x-www-form-urlencoded", ...extra.headers },
        body: contactForm(),
        ...(extra.localAddress ? { localAddress: extra.localAddress } : {}),
      });
    // A fresh address each run: counts from earlier runs stay in Redis for the limit's window.
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const alternating: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const base = attempt % 2 === 0 ? instances.a.url : instances.b.url;
      alternating.push((await post(base, { headers: { "x-forwarded-for": address } })).status);
    }
    check(
      alternating.slice(0, 5).every((status) => status !== 429) && alternating[5] === 429,
      `5 contact messages per address, alternating a and b: the 6th is refused (${alternating.join(", ")})`,
    );
    const client = `127.${randomInt(1, 255)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const throughProxy: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++)
      throughProxy.push((await post(proxy.url, { localAddress: client })).status);
    check(
      throughProxy.slice(0, 5).every((status) => status !== 429) && throughProxy[5] === 429,
      `through HAProxy from ${client}: the 6th is refused (${throughProxy.join(", ")})`,
    );
    const otherClient = `127.${randomInt(1, 255)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const other = await post(proxy.url, { localAddress: otherClient });
    check(
      other.status !== 429,
      `another client behind the same proxy (${otherClient}) is not refused (${other.status})`,
    );

    console.log("\n## An upload through one instance is served by the other");
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c2410c" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "room.jpg");
    const encoded = new Response(form);
    const uploaded = await request(`${instances.a.url}/list-property/photos`, {
      method: "POST",
      headers: { origin: publicUrl, cookie, "content-type": encoded.headers.get("content-type") ?? "" },
      body: Buffer.from(await encoded.arrayBuffer()),
    });
    const photoUrl =
      uploaded.status === 201 ? (JSON.parse(uploaded.body.toString("utf8")) as { publicUrl: string }).publicUrl : "";
    check(uploaded.status === 201, `photo uploaded through instance a (${uploaded.status})`);
    if (photoUrl) {
      const served = await request(new URL(photoUrl, instances.b.url).toString());
      check(
        served.status === 200 && String(served.headers["content-type"]).startsWith("image/"),
        `instance b serves ${new URL(photoUrl, publicUrl).pathname} (${served.status}, ${String(served.headers["content-type"])})`,
      );
    }

    console.log("\n## Rolling restart under load");
    console.log(
      `  drain delay ${DRAIN_DELAY_MS} ms; health checks every ${HEALTH_CHECK.interMs} ms, ` +
        `out after ${HEALTH_CHECK.fall} failures, back after ${HEALTH_CHECK.rise} successes`,
    );
    const load = startMixedLoad(proxy.url, { apiKey: key, listingId, connections: 8, requestsPerSecond: 150 });
    await sleep(3000);
    for (const label of ["a", "b"] as const) {
      const server = PROXY_SERVER[label];
      const stopping = Date.now();
      const stopped = instances[label].stop(); // SIGTERM: readiness 503, drain delay, drain, exit
      const takenOut = proxy
        .waitForState(server, "DOWN", DRAIN_DELAY_MS + 15_000)
        .catch(() => Number.POSITIVE_INFINITY);
      await stopped;
      const exitedAfter = Date.now() - stopping;
      const outOfRotation = await takenOut;
      console.log(
        `  instance ${label}: out of rotation ${formatDuration(outOfRotation)} after SIGTERM, ` +
          `exited after ${formatDuration(exitedAfter)}`,
      );
      check(
        outOfRotation < DRAIN_DELAY_MS,
        `instance ${label} was taken out of rotation before it stopped accepting (${Math.round(outOfRotation)} ms < ${DRAIN_DELAY_MS} ms)`,
      );
      await sleep(1000);
      instances[label] = await start(label);
      const backIn = await proxy.waitForState(server, "UP");
      console.log(`  instance ${label} started again; back in rotation after ${formatDuration(backIn)}`);
      await sleep(3000);
    }
    const summary = await load.stop();
    console.log(
      `  load: ${summary.requests} requests, statuses ${JSON.stringify(summary.statuses)}, ` +
        `${summary.errors} connection errors, ${summary.timeouts} timeouts, ${load.acknowledged.length} creates acknowledged`,
    );
    check(
      summary.requests > 0 && summary.errors === 0 && summary.timeouts === 0,
      `no connection error or timeout (${summary.errors}, ${summary.timeouts})`,
    );
    check(summary.non2xx === 0, `no non-2xx answer (${summary.non2xx})`);
    check(load.unreadable === 0, `every 201 named the listing it created (${load.unreadable} unreadable)`);
    const rows = await handle.db
      .select({ title: listings.listingTitle })
      .from(listings)
      .where(like(listings.listingTitle, `${WRITE_TITLE_PREFIX} %`));
    const stored = new Set(rows.map((row) => row.title));
    const missing = load.acknowledged.filter((title) => !stored.has(title));
    check(
      load.acknowledged.length > 0 && missing.length === 0,
      `every acknowledged create is stored: ${load.acknowledged.length} acknowledged, ${stored.size} stored, ${missing.length} missing`,
    );
    // By count too: autocannon now and then hands a response to another request's callback, so a
    // 201 can go unrecorded above. At least as many listings as 201s (creates still in flight when
    // the load stopped may be stored without an answer).
    const created = summary.statuses["201"] ?? 0;
    check(
      stored.size >= created,
      `at least as many listings stored as 201 answers (${stored.size} ≥ ${created}${
        created > load.acknowledged.length ? `; ${created - load.acknowledged.length} not recorded by title` : ""
      })`,
    );
    await handle.close();
    const stats = await proxy.stats();
    console.log(
      `  HAProxy: ${Object.entries(stats)
        .map(([server, { retries, redispatches }]) => `${server} ${retries} retries, ${redispatches} redispatches`)
        .join("; ")}`,
    );
    // Health checks changing a server's state are expected; a logged request (failed, retried,
    // redispatched or 5xx) is news.
    const unexpected = proxy
      .errorLog()
      .split("\n")
      .filter(
        (line) => line.trim() && !/Health check for server|Server app\/s\d is (UP|DOWN)|Proxy \w+ started/.test(line),
      );
    if (unexpected.length > 0)
      console.log(
        `HAProxy log (other than health checks; CD-- is the load stopping mid-response):\n${unexpected.join("\n")}`,
      );
  } catch (error) {
    failures.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
    console.error(error);
  } finally {
    await cleanup.runAll();
  }
  console.log(
    `\n${failures.length === 0 ? "PASS" : `FAIL (${failures.length})`} in ${formatDuration(Date.now() - started)}`,
  );
  for (const failure of failures) console.log(`  - ${failure}`);
  process.exit(failures.length === 0 ? 0 : 1);
}

await main();
