import { existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { profiles } from "~/db/schema";
import { createStorageAdapter, localUploadsDir } from "~/lib/adapters/storage/index.server";
import { S3StorageAdapter, sha256Hex, signV4 } from "~/lib/adapters/storage/s3-storage.server";
import { StorageError, type StorageAdapter } from "~/lib/adapters/storage/storage-adapter";
import { AVATAR_ERRORS } from "~/modules/media/avatar-limits";
import { AvatarError, saveAvatar } from "~/modules/media/avatar.server";
import { findProfile, updateProfile } from "~/modules/profiles/profile.server";
import { createTestViewer } from "~/tests/support/factories";
import { describeEachDatabase } from "~/tests/support/test-database";

let userId: string;
const quietLogger = { warn: () => undefined };

const photo = (width: number, height: number, background = "#c2410c") =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "laneway-avatar-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const storedAvatars = async () => readdir(path.join(localUploadsDir(dataDir), "avatars")).catch(() => []);

describeEachDatabase("profiles and avatars", (use) => {
  beforeEach(async () => {
    userId = (await createTestViewer(use().db, { firstName: "Mia", lastName: "Nguyen" })).id;
  });
  const avatarUrl = async () =>
    (await use().db.select({ url: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, userId)))[0]?.url;

  it("reads and updates the profile fields", async () => {
    expect(await findProfile(use().db, userId)).toEqual({
      firstName: "Mia",
      lastName: "Nguyen",
      phone: null,
      bio: null,
      avatarUrl: null,
    });
    const input = { firstName: "Mia", lastName: "Tran", phone: "+61400100002", bio: "Nurse at the Alfred." };
    expect(await updateProfile(use().db, userId, input)).toEqual({ ...input, avatarUrl: null });
    expect(await findProfile(use().db, userId)).toMatchObject(input);
    expect(await updateProfile(use().db, "nobody", input)).toBeNull();
    expect(await findProfile(use().db, "nobody")).toBeNull();
  });

  it("stores a processed WebP on local disk, points the profile at it and removes the one it replaces", async () => {
    const storage = createStorageAdapter({ DATA_DIR: dataDir });
    const first = await saveAvatar(use().db, userId, await photo(1024, 768), { storage });
    expect(first.avatarUrl).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
    expect(await avatarUrl()).toBe(first.avatarUrl);
    const file = path.join(dataDir, first.avatarUrl);
    expect(await sharp(await readFile(file)).metadata()).toMatchObject({ format: "webp", width: 400, height: 400 });

    const second = await saveAvatar(use().db, userId, await photo(500, 500, "#0f172a"), { storage });
    expect(second.avatarUrl).not.toBe(first.avatarUrl);
    expect(await avatarUrl()).toBe(second.avatarUrl);
    expect(existsSync(file)).toBe(false);
    expect(await storedAvatars()).toEqual([path.basename(second.avatarUrl)]);
  });

  it("leaves an avatar that is not ours alone", async () => {
    await use().db.update(profiles).set({ avatarUrl: "https://images.example.com/me.png" });
    const deleted: string[] = [];
    const local = createStorageAdapter({ DATA_DIR: dataDir });
    const storage: StorageAdapter = {
      putObject: (object) => local.putObject(object),
      keyFromUrl: (url) => local.keyFromUrl(url),
      imageOrigins: local.imageOrigins,
      deleteObject: (key) => {
        deleted.push(key);
        return local.deleteObject(key);
      },
    };
    const { avatarUrl: url } = await saveAvatar(use().db, userId, await photo(400, 400), { storage });
    expect(await avatarUrl()).toBe(url);
    expect(deleted).toEqual([]);
  });

  it("refuses a file that is not an image without storing anything or touching the profile", async () => {
    const storage = createStorageAdapter({ DATA_DIR: dataDir });
    await expect(saveAvatar(use().db, userId, Buffer.from("GIF89a but not really"), { storage })).rejects.toThrow(
      new AvatarError(AVATAR_ERRORS.notAnImage),
    );
    expect(await storedAvatars()).toEqual([]);
    expect(await avatarUrl()).toBeNull();
  });

  it("removes the stored object again when there is no profile to point at it", async () => {
    const storage = createStorageAdapter({ DATA_DIR: dataDir });
    await expect(saveAvatar(use().db, "nobody", await photo(400, 400), { storage })).rejects.toThrow(/No profile/);
    expect(await storedAvatars()).toEqual([]);
  });

  it("still succeeds when the old avatar cannot be deleted", async () => {
    const local = createStorageAdapter({ DATA_DIR: dataDir });
    const warnings: unknown[] = [];
    const storage: StorageAdapter = {
      putObject: (object) => local.putObject(object),
      keyFromUrl: (url) => local.keyFromUrl(url),
      imageOrigins: local.imageOrigins,
      deleteObject: () => Promise.reject(new StorageError("disk says no")),
    };
    await saveAvatar(use().db, userId, await photo(400, 400), { storage });
    const { avatarUrl: url } = await saveAvatar(use().db, userId, await photo(400, 400), {
      storage,
      logger: { warn: (...args: unknown[]) => warnings.push(args) },
    });
    expect(await avatarUrl()).toBe(url);
    expect(warnings).toHaveLength(1);
  });
});

/**
 * A local stand-in for an S3 bucket: PUT stores the body, DELETE removes it, GET serves it. Every
 * request must carry a SigV4 Authorization header whose signature matches the request as received.
 */
describe("S3StorageAdapter against a local S3-compatible server", () => {
  const credentials = { accessKeyId: "AKIDLANEWAY", secretAccessKey: "laneway-test-secret" };
  const objects = new Map<string, { body: Buffer; contentType: string | undefined }>();
  const rejections: string[] = [];
  let server: Server;
  let endpoint: string;

  function verify(request: IncomingMessage, body: Buffer): string | undefined {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === "string" ? value : undefined;
    };
    const authorization = header("authorization") ?? "";
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([a-z0-9-]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/.exec(
        authorization,
      );
    const amzDate = header("x-amz-date") ?? "";
    if (!match) return "malformed Authorization";
    if (!/^\d{8}T\d{6}Z$/.test(amzDate) || !amzDate.startsWith(match[2] ?? "")) return "bad x-amz-date";
    if (header("x-amz-content-sha256") !== sha256Hex(body)) return "x-amz-content-sha256 does not match the body";
    const signed = (match[4] ?? "").split(";");
    for (const required of ["host", "x-amz-content-sha256", "x-amz-date"]) {
      if (!signed.includes(required)) return `${required} not signed`;
    }
    const extra = Object.fromEntries(
      signed
        .filter((name) => !["host", "x-amz-content-sha256", "x-amz-date"].includes(name))
        .map((name) => [name, header(name) ?? ""]),
    );
    const expected = signV4({
      method: request.method ?? "",
      url: new URL(request.url ?? "/", `http://${header("host")}`),
      headers: extra,
      payloadHash: sha256Hex(body),
      ...credentials,
      region: match[3] ?? "",
      service: "s3",
      date: new Date(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z")),
    });
    return expected.authorization === authorization ? undefined : "signature mismatch";
  }

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = Buffer.concat(chunks);
        const key = decodeURIComponent(request.url ?? "");
        if (request.method === "GET") {
          const object = objects.get(key);
          response.writeHead(object ? 200 : 404, { "content-type": object?.contentType ?? "text/plain" });
          response.end(object?.body);
          return;
        }
        const problem = verify(request, body);
        if (problem) {
          rejections.push(problem);
          response.writeHead(403, { "content-type": "application/xml" });
          response.end(`<Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`);
          return;
        }
        if (request.method === "PUT") objects.set(key, { body, contentType: request.headers["content-type"] });
        if (request.method === "DELETE") objects.delete(key);
        response.writeHead(request.method === "DELETE" ? 204 : 200);
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    objects.clear();
    rejections.length = 0;
  });

  const adapter = (secretAccessKey = credentials.secretAccessKey) =>
    new S3StorageAdapter({ endpoint, bucket: "laneway-media", ...credentials, secretAccessKey });

  it("puts an object with a valid signature and serves it at the returned URL, then deletes it", async () => {
    const body = await sharp(await photo(64, 64))
      .webp()
      .toBuffer();
    const { url } = await adapter().putObject({ key: "avatars/a1.webp", body, contentType: "image/webp" });
    expect(rejections).toEqual([]);
    expect(url).toBe(`${endpoint}/laneway-media/avatars/a1.webp`);
    expect(objects.get("/laneway-media/avatars/a1.webp")).toEqual({ body, contentType: "image/webp" });
    const fetched = await fetch(url);
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(body);

    await adapter().deleteObject("avatars/a1.webp");
    expect(rejections).toEqual([]);
    expect(objects.size).toBe(0);
    // Deleting what is already gone is fine.
    await adapter().deleteObject("avatars/a1.webp");
  });

  it("reports a refusal as a StorageError with the status", async () => {
    const put = adapter("wrong-secret").putObject({ key: "a.txt", body: Buffer.from("x"), contentType: "text/plain" });
    await expect(put).rejects.toThrow(StorageError);
    await expect(put).rejects.toThrow(/HTTP 403/);
    expect(rejections).toEqual(["signature mismatch"]);
  });

  it("reports an unreachable endpoint as a StorageError", async () => {
    const offline = new S3StorageAdapter({ endpoint: "http://127.0.0.1:9", bucket: "b", ...credentials });
    await expect(offline.deleteObject("a.txt")).rejects.toThrow(/could not be reached/);
  });

  describeEachDatabase("saveAvatar on S3", (use) => {
    it("replaces the avatar object in the bucket", async () => {
      userId = (await createTestViewer(use().db)).id;
      const storage = adapter();
      const first = await saveAvatar(use().db, userId, await photo(800, 600), { storage, logger: quietLogger });
      const second = await saveAvatar(use().db, userId, await photo(600, 800), { storage, logger: quietLogger });
      expect(rejections).toEqual([]);
      expect([...objects.keys()]).toEqual([new URL(second.avatarUrl).pathname]);
      expect(first.avatarUrl).toMatch(new RegExp(`^${endpoint}/laneway-media/avatars/[0-9a-f-]{36}\\.webp$`));
      expect((await findProfile(use().db, userId))?.avatarUrl).toBe(second.avatarUrl);
    });
  });
});
