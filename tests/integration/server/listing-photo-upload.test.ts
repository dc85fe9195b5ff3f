import { readdir } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSiteImageUrl } from "~/modules/listings/listing-form";
import { LISTING_PHOTO_ERRORS, MAX_LISTING_PHOTO_BYTES } from "~/modules/media/listing-photo-upload";
import { newSession, post, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { httpRequest, SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/**
 * POST /list-property/photos against the built server and its demo accounts, over plain HTTP:
 * who may upload, what is refused and with which status, and that a refusal stores nothing.
 */
let server: ServerProcess;
let landlord: HttpSession;

beforeAll(async () => {
  // Info level: the request log line of every request is read by the abandoned-upload test.
  server = await startServer({ env: { TRUSTED_PROXIES: "loopback", LOG_LEVEL: "info" } });
  landlord = await signedIn(server, "landlord@example.com");
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

const UPLOAD = "/list-property/photos";

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c2410c" } })
    .jpeg()
    .toBuffer();

function photoForm(body: Buffer, name = "room.jpg", type = "image/jpeg"): FormData {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(body)], { type }), name);
  return form;
}

async function upload(session: HttpSession, form: FormData) {
  const reply = await post(server, session, UPLOAD, form);
  return { status: reply.status, location: reply.location, json: JSON.parse(reply.body || "null") as unknown };
}

/** Every file under the server's DATA_DIR/uploads. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(server.dataDir, "uploads");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Runs `refused` and checks it stored no file. */
async function storesNothing<T>(refused: () => Promise<T>): Promise<T> {
  const before = await storedFiles();
  const result = await refused();
  expect(await storedFiles()).toEqual(before);
  return result;
}

/** A multipart upload sent by hand: declared length (or chunked when undefined), `size` bytes of file. */
function rawUpload(
  session: HttpSession,
  size: number,
  { declareLength }: { declareLength: boolean },
): Promise<{ status: number; body: string }> {
  const boundary = "----laneway-test-boundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const cookie = [...session.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${UPLOAD}`, {
      method: "POST",
      agent: false,
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "x-forwarded-for": session.address,
        origin: server.url,
        cookie,
        ...(declareLength ? { "content-length": String(head.length + size + tail.length) } : {}),
      },
    });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    // The server may answer and close before the whole body is sent: the answer is what counts.
    request.on("error", (error) => {
      if (!request.writableEnded || !/EPIPE|ECONNRESET/.test(String(error))) reject(error);
      // A reset before any answer arrived is a failure too, not a wait for an answer that cannot come.
      else if (!answered) reject(new Error(`the connection was reset before the answer: ${String(error)}`));
    });
    request.write(head);
    const chunk = Buffer.alloc(1024 * 1024, 0xff);
    for (let sent = 0; sent < size; sent += chunk.length)
      request.write(chunk.subarray(0, Math.min(chunk.length, size - sent)));
    request.end(tail);
  });
}

/**
 * Starts an upload and goes away mid-body, as a browser does when the uploader is left (the form
 * was submitted, or the landlord navigated away): the headers are sent and the server has taken the
 * request (its "100 Continue" says so), then part of the file, then the connection is closed.
 */
function abandonedUpload(session: HttpSession, requestId: string): Promise<void> {
  const boundary = "----laneway-abandoned-boundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="room.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const cookie = [...session.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  return new Promise((resolve) => {
    const request = http.request(`${server.url}${UPLOAD}`, {
      method: "POST",
      agent: false,
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(head.length + 4 * 1024 * 1024),
        expect: "100-continue",
        "x-forwarded-for": session.address,
        "x-request-id": requestId,
        origin: server.url,
        cookie,
      },
    });
    request.on("continue", () => {
      request.write(head);
      request.write(Buffer.alloc(64 * 1024, 0xff), () => request.destroy());
    });
    request.on("error", () => undefined);
    request.on("close", () => resolve());
    request.flushHeaders();
  });
}

describe("who may upload", () => {
  it("refuses a signed-out request with 401 and JSON, not the sign-in page", async () => {
    const reply = await storesNothing(async () => upload(newSession(), photoForm(await jpeg(800, 600))));
    expect(reply.status).toBe(401);
    expect(reply.json).toEqual({ error: expect.any(String) });
  });

  it.each(["tenant@example.com", "landlord.pending@example.com"])("refuses %s with 403", async (email) => {
    const session = await signedIn(server, email);
    const reply = await storesNothing(async () => upload(session, photoForm(await jpeg(800, 600))));
    expect(reply.status).toBe(403);
    expect(reply.json).toEqual({
      error: "You need to be a landlord with an active subscription or an administrator to access this page.",
    });
  });

  it("refuses a cross-site post", async () => {
    const reply = await storesNothing(async () =>
      send(server, landlord, UPLOAD, { form: photoForm(await jpeg(800, 600)), origin: "https://evil.example" }),
    );
    expect(reply.status).toBe(403);
  });
});

describe("an active landlord's upload", () => {
  it("answers 201 with the public URL of a stored JPEG and its responsive variants", async () => {
    const reply = await upload(landlord, photoForm(await jpeg(2000, 1500)));
    expect(reply.status).toBe(201);
    const { publicUrl, photo } = reply.json as {
      publicUrl: string;
      photo: { url: string; width: number; height: number; variants: { url: string; format: string }[] };
    };
    expect(publicUrl).toMatch(/^\/uploads\/listings\/[0-9a-f-]{36}\/1600\.[0-9a-f]{10}\.jpg$/);
    expect(isSiteImageUrl(publicUrl)).toBe(true);
    expect(photo).toMatchObject({ url: publicUrl, width: 1600, height: 1200 });
    expect(photo.variants).toHaveLength(7);

    const image = await httpRequest(`${server.url}${publicUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");
    expect(await sharp(image.body).metadata()).toMatchObject({ format: "jpeg", width: 1600, height: 1200 });
    const avif = photo.variants.find((variant) => variant.format === "avif");
    const avifReply = await httpRequest(`${server.url}${avif?.url ?? ""}`);
    expect([avifReply.status, avifReply.headers["content-type"]]).toEqual([200, "image/avif"]);
  });

  it("refuses a file that is not an image with 415, whatever its name and type say", async () => {
    const reply = await storesNothing(() =>
      upload(landlord, photoForm(Buffer.from("<?php echo 'hello'; ?>"), "room.jpg", "image/jpeg")),
    );
    expect(reply).toMatchObject({ status: 415, json: { error: "That file is not an image we can read." } });
  });

  it("refuses a declared body over 15 MB with 413, none of it reaching the upload handler", async () => {
    const reply = await storesNothing(() =>
      rawUpload(landlord, MAX_LISTING_PHOTO_BYTES + 1024 * 1024, { declareLength: true }),
    );
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ error: "That photo is larger than 15 MB." });
  });

  it("cuts off a chunked body over 15 MB with 413", async () => {
    const reply = await storesNothing(() =>
      rawUpload(landlord, MAX_LISTING_PHOTO_BYTES + 1024 * 1024, { declareLength: false }),
    );
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ error: LISTING_PHOTO_ERRORS.tooLarge });
  });

  it("refuses a file just over 15 MB in a body under the limit with 413", async () => {
    const reply = await storesNothing(() => upload(landlord, photoForm(Buffer.alloc(MAX_LISTING_PHOTO_BYTES + 1))));
    expect(reply).toMatchObject({ status: 413, json: { error: LISTING_PHOTO_ERRORS.tooLarge } });
  });

  it("refuses a request without exactly one file with 400", async () => {
    const none = new FormData();
    none.set("file", "not a file");
    const two = photoForm(await jpeg(100, 100));
    two.append("file", new Blob([new Uint8Array(await jpeg(100, 100))], { type: "image/jpeg" }), "second.jpg");
    for (const form of [none, two]) {
      const reply = await storesNothing(() => upload(landlord, form));
      expect(reply.status).toBe(400);
    }
  });

  it("answers GET with 405", async () => {
    const reply = await send(server, landlord, UPLOAD);
    expect(reply.status).toBe(405);
  });
});

describe("an upload the client abandons", () => {
  it("is logged as closed by the client (499), not as a server failure (500)", async () => {
    const requestId = `abandoned-upload-${Date.now()}`;
    await abandonedUpload(landlord, requestId);
    const line = JSON.parse(await server.waitForLine((text) => text.includes(`"requestId":"${requestId}"`))) as Record<
      string,
      unknown
    >;
    expect(line).toMatchObject({ path: UPLOAD, method: "POST", status: 499, msg: "request abandoned by the client" });
    expect(line.level).toBeLessThan(40); // below warn: nothing went wrong on the server
    expect(line).not.toHaveProperty("err");
  });
});

describe("rate limit", () => {
  it("refuses a 61st upload within 10 minutes with 429", async () => {
    const admin = await signedIn(server, "admin@example.com");
    const junk = () => photoForm(Buffer.from("not an image"), "x.jpg");
    for (let attempt = 0; attempt < 60; attempt++) expect((await upload(admin, junk())).status).toBe(415);
    const reply = await storesNothing(() => upload(admin, junk()));
    expect(reply.status).toBe(429);
    expect(reply.json).toEqual({ error: expect.stringMatching(/^Too many photo uploads/) });
  });
});
