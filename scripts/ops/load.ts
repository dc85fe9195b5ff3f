/**
 * Mixed read/write load with autocannon for the fault and cluster checks. Reads: the home page,
 * /search, a listing page and the API's listing. Writes: `POST /api/listings` with an
 * Idempotency-Key, each carrying a fresh client id in its title; every 201 the client saw is
 * recorded, so a check can prove afterwards that each acknowledged write is in the database.
 */
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { percentile } from "../bench/support";

/** Titles of the listings the load creates start with this, then the client id. */
export const WRITE_TITLE_PREFIX = "Fault check";

interface AutocannonRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}
interface AutocannonResult {
  duration: number;
  requests: { total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(
    event: "response",
    listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void,
  ): AutocannonInstance;
  stop(): void;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  overallRate?: number;
  timeout?: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
}) => AutocannonInstance;
export const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export interface LoadSummary {
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  rps: number;
  p95: number;
  p99: number;
}

export interface MixedLoad {
  /** Titles of the listings whose creation was answered 201, in order. */
  acknowledged: string[];
  /** 201 answers whose body could not be read (each one an acknowledged write we cannot check). */
  unreadable: number;
  /** Stops the load and returns what autocannon counted. */
  stop(): Promise<LoadSummary>;
}

/** Starts the mixed load on `url` (at most `maxSeconds`; `stop()` ends it sooner). */
export function startMixedLoad(
  url: string,
  {
    apiKey,
    listingId,
    connections = 6,
    requestsPerSecond = 150,
    maxSeconds = 120,
    timeoutSeconds = 10,
    headers = {},
  }: {
    apiKey: string;
    listingId: string;
    connections?: number;
    /** A ceiling, so the load leaves the shared machine room to restart what it kills. */
    requestsPerSecond?: number;
    maxSeconds?: number;
    timeoutSeconds?: number;
    headers?: Record<string, string>;
  },
): MixedLoad {
  const acknowledged: string[] = [];
  let unreadable = 0;
  const api = { authorization: `Bearer ${apiKey}` };
  const latencies: number[] = [];
  const instance = autocannon({
    url,
    connections,
    duration: maxSeconds,
    overallRate: requestsPerSecond,
    timeout: timeoutSeconds,
    headers: { "user-agent": "laneway-fault-check", ...headers },
    requests: [
      { method: "GET", path: "/" },
      { method: "GET", path: "/search" },
      { method: "GET", path: `/listing/${listingId}` },
      { method: "GET", path: `/api/listings/${listingId}`, headers: api },
      {
        method: "POST",
        path: "/api/listings",
        setupRequest(request) {
          const id = randomUUID();
          return {
            ...request,
            headers: { ...api, "content-type": "application/json", "idempotency-key": id },
            body: JSON.stringify({ title: `${WRITE_TITLE_PREFIX} ${id}`, weekly_rent: 300 }),
          };
        },
        onResponse(status, body) {
          if (status !== 201) return;
          // The title comes from the answer itself, so no bookkeeping can pair it with the wrong request.
          try {
            const title = (JSON.parse(body) as { title?: unknown }).title;
            if (typeof title === "string") return void acknowledged.push(title);
          } catch {
            // counted below
          }
          unreadable += 1;
        },
      },
    ],
  });
  instance.on("response", (_client, _status, _bytes, time) => latencies.push(time));
  const done = Promise.resolve(instance);
  return {
    acknowledged,
    get unreadable() {
      return unreadable;
    },
    async stop() {
      instance.stop();
      const result = await done;
      latencies.sort((a, b) => a - b);
      return {
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
        rps: latencies.length / Math.max(1, result.duration),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
      };
    },
  };
}
