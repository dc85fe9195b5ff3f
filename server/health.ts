import { Hono } from "hono";
import type { DatabaseHandle } from "~/lib/db/client.server";

export interface HealthOptions {
  database: () => DatabaseHandle;
  /** True once shutdown has begun: the instance should be taken out of rotation. */
  draining: () => boolean;
}

/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers too). */
export function healthRoutes({ database, draining }: HealthOptions) {
  const app = new Hono();
  app.get("/healthz", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" });
  });
  app.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    if (draining()) return c.json({ status: "draining" }, 503);
    const databaseUp = await database().ping(2000);
    return databaseUp ? c.json({ status: "ready" }) : c.json({ status: "unavailable", database: "down" }, 503);
  });
  return app;
}
