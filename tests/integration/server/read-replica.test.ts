import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "~/lib/db/client.server";
import { createUser } from "~/modules/auth/create-user.server";
import { createTestListing } from "~/tests/support/factories";
import { newSession, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { freePortsIn, startReplicatedCluster, type ReplicatedCluster } from "~/tests/support/postgres-cluster";
import { SERVER_HOOK_TIMEOUT_MS, startServer, waitFor, type ServerProcess } from "~/tests/support/server-process";

describe("public reads from a streaming read replica (DATABASE_REPLICA_URL)", () => {
  let cluster: ReplicatedCluster;
  let server: ServerProcess | undefined;
  let primary: DatabaseHandle;
  let landlordId: string;
  let owner: HttpSession;
  const visitor = newSession();

  beforeAll(async () => {
    // A primary and a streaming replica of its own (Debian's PostgreSQL), on ports of this suite.
    // The server takes a port of its own when it starts (retrying if one is taken): a port chosen
    // before the clusters' slow start could be in use by then as some connection's local port.
    const [primaryPort = 0, replicaPort = 0] = await freePortsIn(47010, 47019, 2);
    cluster = startReplicatedCluster({ primaryPort, replicaPort });
    server = await startServer({
      env: {
        DATABASE_URL: cluster.primary.url,
        DATABASE_REPLICA_URL: cluster.replica.url,
        SEED_DEMO: "false",
        LOG_LEVEL: "info",
      },
    });
    primary = connectDatabase({ databaseUrl: cluster.primary.url, dataDir: "memory://" });
    const email = `landlord-${randomUUID().slice(0, 8)}@example.com`;
    const password = "Replica-room-2026!";
    landlordId = (
      await createUser(primary.db, {
        email,
        password,
        role: "landlord",
        subscriptionStatus: "active",
        emailVerified: true,
      })
    ).id;
    owner = await signedIn(server, email, password);
  }, SERVER_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await server?.stop();
    await primary?.close();
    cluster?.destroy();
  });

  // The page repeats the title in its form, so a hit is a link to the listing.
  const searchFinds = async (session: HttpSession, title: string, id: string) =>
    (await send(server!, session, `/search?title=${encodeURIComponent(title)}`)).body.includes(`/listing/${id}`);
  const replayLagBytes = async () => {
    const [row] = await cluster.primary.query<{ lag: string | null }>(
      "select pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::text as lag from pg_stat_replication",
    );
    return Number(row?.lag ?? Number.NaN);
  };

  it("serves signed-out visitors from the replica while the owner reads their own write on the primary", async () => {
    await cluster.replica.query("select pg_wal_replay_pause()");
    const title = `Replica room ${randomUUID().slice(0, 8)}`;
    const id = await createTestListing(primary.db, { landlordId, title });

    // The replica has received the write but not applied it: it lags the primary.
    await waitFor("the replica to lag the primary", async () => (await replayLagBytes()) > 0);
    expect((await send(server!, owner, `/listing/${id}`)).status).toBe(200);
    // Only the lagging replica can answer 404 here (a connection attempt slowed past the connect
    // timeout on a busy machine sends one read to the primary, and the replica is back in 2 s).
    await waitFor("the visitor's page to come from the replica", async () => {
      return (await send(server!, visitor, `/listing/${id}`)).status === 404;
    });
    expect(await searchFinds(owner, title, id)).toBe(true);
    expect(await searchFinds(visitor, title, id)).toBe(false);

    await cluster.replica.query("select pg_wal_replay_resume()");
    await waitFor("the replica to catch up", async () => (await replayLagBytes()) === 0);
    expect((await send(server!, visitor, `/listing/${id}`)).status).toBe(200);
    expect(await searchFinds(visitor, title, id)).toBe(true);
  });

  it("falls back to the primary while the replica is down, and returns to it when it is back", async () => {
    await waitFor("the replica to catch up", async () => (await replayLagBytes()) === 0);

    cluster.replica.stopImmediately();
    const during = `Fallback room ${randomUUID().slice(0, 8)}`;
    const duringId = await createTestListing(primary.db, { landlordId, title: during });
    // Pages keep answering, from the primary: even what the replica never received is there.
    const search = await send(server!, visitor, `/search?title=${encodeURIComponent(during)}`);
    expect(search.status).toBe(200);
    expect(search.body).toContain(`/listing/${duringId}`);
    expect((await send(server!, visitor, "/blog")).status).toBe(200);
    expect((await send(server!, visitor, "/sitemap.xml")).status).toBe(200);
    expect(server!.logLines().some((line) => String(line.msg).startsWith("read replica unavailable"))).toBe(true);

    // Back, but held at a point before the next write: once reads return to it, that write is not shown.
    cluster.replica.start();
    await waitFor("the replica to catch up", async () => (await replayLagBytes()) === 0, { timeoutMs: 30_000 });
    await cluster.replica.query("select pg_wal_replay_pause()");
    const after = `Fallback room ${randomUUID().slice(0, 8)}`;
    const afterId = await createTestListing(primary.db, { landlordId, title: after });
    await waitFor("public reads to return to the replica", async () => !(await searchFinds(visitor, after, afterId)), {
      timeoutMs: 30_000,
      intervalMs: 250,
    });
    expect(server!.logLines().some((line) => String(line.msg).startsWith("read replica available again"))).toBe(true);
    expect(await searchFinds(owner, after, afterId)).toBe(true);

    await cluster.replica.query("select pg_wal_replay_resume()");
    await waitFor("the replica to apply the write", () => searchFinds(visitor, after, afterId));
  });
});
