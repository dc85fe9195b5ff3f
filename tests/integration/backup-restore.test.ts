import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings } from "~/db/schema";
import { backup, restore, restoreDrill, type BackupTarget } from "~/lib/db/backup.server";
import { connectDatabase } from "~/lib/db/client.server";
import { migrateDatabase } from "~/lib/db/migrate.server";
import { createTestListing, createTestViewer } from "~/tests/support/factories";
import { testDatabaseKinds, type DatabaseKind } from "~/tests/support/test-database";

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A database of its own on the TEST_DATABASE_URL server, dropped by the returned function. */
async function newPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rep_backup_${randomBytes(4).toString("hex")}`;
  await onServer(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

for (const kind of testDatabaseKinds()) {
  describe(`backups and the restore drill [${kind}]`, () => {
    const workDir = mkdtempSync(path.join(tmpdir(), "laneway-backup-test-"));
    const source: BackupTarget = { dataDir: path.join(workDir, "source") };
    const drops: (() => Promise<void>)[] = [];

    async function target(name: string): Promise<BackupTarget> {
      const dataDir = path.join(workDir, name);
      if ((kind as DatabaseKind) === "pglite") return { dataDir };
      const database = await newPostgresDatabase();
      drops.push(database.drop);
      return { dataDir, databaseUrl: database.url };
    }

    beforeAll(async () => {
      Object.assign(source, await target("source"));
      const handle = connectDatabase(source);
      try {
        await migrateDatabase(handle);
        const landlord = await createTestViewer(handle.db, { role: "landlord" });
        await createTestListing(handle.db, { landlordId: landlord.id, title: "Backed-up room" });
        await createTestListing(handle.db, { landlordId: landlord.id });
      } finally {
        await handle.close();
      }
      // An uploaded photo, which the backup carries with the database.
      mkdirSync(path.join(source.dataDir, "uploads", "listings"), { recursive: true });
      writeFileSync(path.join(source.dataDir, "uploads", "listings", "photo.webp"), "photo bytes");
    });

    afterAll(async () => {
      for (const drop of drops) await drop();
      rmSync(workDir, { recursive: true, force: true });
    });

    it("the drill restores a backup into a fresh database with the same row count in every table", async () => {
      const result = await restoreDrill(source, path.join(workDir, "drill"));
      expect(result.mismatches).toEqual([]);
      expect(result.manifest.engine).toBe(kind);
      expect(result.rowCounts["public.listings"]).toBe(2);
      expect(result.rowCounts["public.users"]).toBe(1);
      expect(result.rowCounts).toEqual(result.manifest.rowCounts);
      expect(result.uploads).toEqual({ files: 1, bytes: "photo bytes".length });
    });

    it("db:restore brings back the rows and the uploaded files, and refuses a database that is not empty", async () => {
      const backupDir = path.join(workDir, "backup");
      await backup(source, backupDir);
      const fresh = await target("restored");
      const result = await restore(backupDir, fresh);
      expect(result.mismatches).toEqual([]);

      const titles = async () => {
        const handle = connectDatabase(fresh);
        try {
          return (await handle.db.select({ title: listings.listingTitle }).from(listings)).map((row) => row.title);
        } finally {
          await handle.close();
        }
      };
      expect(await titles()).toContain("Backed-up room");
      expect(await titles()).toHaveLength(2);
      expect(readFileSync(path.join(fresh.dataDir, "uploads", "listings", "photo.webp"), "utf8")).toBe("photo bytes");

      // Restoring over live data would mix two databases: refused, and the data stays as it was.
      await expect(restore(backupDir, fresh)).rejects.toThrow(/already/);
      expect(await titles()).toHaveLength(2);
    });
  });
}
