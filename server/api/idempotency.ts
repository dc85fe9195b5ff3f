import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { apiIdempotencyKeys } from "~/db/schema";
import type { Executor, Transaction } from "~/lib/db/client.server";
import type { Logger } from "~/lib/logger.server";
import { startPeriodicTask } from "~/lib/periodic-task.server";
import type { ApiEnv } from "~/server/api/key-auth";
import { ApiProblem } from "~/server/api/problem";

/** The optional `Idempotency-Key` request header of every create, as the OpenAPI document shows it. */
export function idempotencyKeyHeader(description: string) {
  return z.object({
    "idempotency-key": z.string().min(1).max(255).optional().openapi({ description }),
  });
}

/** How long a stored answer is replayed. */
const KEPT_FOR = sql`interval '24 hours'`;

interface Outcome<T> {
  /** True when this is a retry answered with the first request's stored result. */
  replayed: boolean;
  /** Null when the create was refused (nothing is stored then). */
  result: T | null;
}

/**
 * Runs an API create once per (API key, Idempotency-Key), or simply runs it when the request has no
 * key: a retry gets the first answer, marked `Idempotent-Replayed: true`, and a key already used for
 * a different request is refused (422). The create's result, or null when it was refused.
 */
export async function createOnce<T extends object>(
  c: Context<ApiEnv>,
  db: Executor,
  idempotencyKey: string | undefined,
  body: unknown,
  work: (db: Executor) => Promise<T | null>,
): Promise<T | null> {
  if (!idempotencyKey) return work(db);
  const request = { path: c.req.path, body };
  const outcome = await runOnce(db, c.get("identity").keyId, idempotencyKey, request, work);
  if (outcome === "conflict")
    throw new ApiProblem(422, "This Idempotency-Key was already used for a different request.");
  if (outcome.replayed) c.header("Idempotent-Replayed", "true");
  return outcome.result;
}

/**
 * The claim row is inserted in the same transaction as the create, so a concurrent retry waits on
 * its unique key and then replays the stored result; a failed create rolls the claim back. A `null`
 * result (refused) is not stored.
 */
async function runOnce<T extends object>(
  db: Executor,
  apiKeyId: string,
  idempotencyKey: string,
  request: unknown,
  work: (tx: Transaction) => Promise<T | null>,
): Promise<Outcome<T> | "conflict"> {
  const requestHash = createHash("sha256").update(JSON.stringify(request)).digest("hex");
  const matches = and(eq(apiIdempotencyKeys.apiKeyId, apiKeyId), eq(apiIdempotencyKeys.idempotencyKey, idempotencyKey));
  const refused = Symbol("refused");
  try {
    return await db.transaction(async (tx) => {
      await tx
        .delete(apiIdempotencyKeys)
        .where(and(matches, lt(apiIdempotencyKeys.createdAt, sql`now() - ${KEPT_FOR}`)));
      const [claimed] = await tx
        .insert(apiIdempotencyKeys)
        .values({ apiKeyId, idempotencyKey, requestHash, result: {} })
        .onConflictDoNothing()
        .returning({ apiKeyId: apiIdempotencyKeys.apiKeyId });
      if (!claimed) {
        const [stored] = await tx.select().from(apiIdempotencyKeys).where(matches).limit(1);
        if (!stored || stored.requestHash !== requestHash) return "conflict" as const;
        return { replayed: true, result: stored.result as T };
      }
      const result = await work(tx);
      if (result === null) throw refused;
      await tx.update(apiIdempotencyKeys).set({ result }).where(matches);
      return { replayed: false, result };
    });
  } catch (error) {
    if (error === refused) return { replayed: false, result: null };
    throw error;
  }
}

/** Deletes stored answers past their day; returns how many. */
export async function sweepIdempotencyKeys(db: Executor): Promise<number> {
  const deleted = await db
    .delete(apiIdempotencyKeys)
    .where(lt(apiIdempotencyKeys.createdAt, sql`now() - ${KEPT_FOR}`))
    .returning({ apiKeyId: apiIdempotencyKeys.apiKeyId });
  return deleted.length;
}

/** Sweeps expired idempotency answers every `intervalMs` (started by the server, stopped before the database closes). */
export function startIdempotencySweeper(
  db: Executor,
  options: { intervalMs: number; logger: Pick<Logger, "error"> },
): () => Promise<void> {
  const task = startPeriodicTask({
    name: "idempotency-sweeper",
    intervalMs: options.intervalMs,
    logger: options.logger,
    async run() {
      await sweepIdempotencyKeys(db);
    },
  });
  return () => task.stop();
}
