import http from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTING_PHOTO_ERRORS, MAX_LISTING_PHOTO_BYTES } from "~/modules/media/listing-photo-upload";
import { newSession, post, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { httpRequest, SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

/**
 * POST /admin/posts/image against the built server over plain HTTP: only staff and admins may
 * upload a post's featured image; everyone else, cross-site posts, non-images and bodies over the
 * cap are refused.
 */
let server: ServerProcess;
let staff: HttpSession;

beforeAll(async () => {
  server = await startServer({ env: { TRUSTED_PROXIES: "loopback" } });
  staff = await signedIn(server, "staff@example.com");
}, SERVER_HOOK_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

const UPLOAD = "/admin/posts/image";

const jpeg = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: "#c2410c" } })
    .jpeg()
    .toBuffer();

function imageForm(body: Buffer, name = "cover.jpg", type = "image/jpeg"): FormData {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(body)], { type }), name);
  return form;
}

/** A multipart upload sent by hand with a declared length of `size` bytes of file. */
function oversizedUpload(session: HttpSession, size: number): Promise<{ status: number; body: string }> {
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
        "content-length": String(head.length + size + tail.length),
        "x-forwarded-for": session.address,
        origin: server.url,
        cookie,
      },
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    // The server answers and closes before the whole body is sent: the answer is what counts.
    request.on("error", (error) => {
      if (!request.writableEnded || !/EPIPE|ECONNRESET/.test(String(error))) reject(error);
    });
    request.write(head);
    const chunk = Buffer.alloc(1024 * 1024, 0xff);
    for (let sent = 0; sent < size; sent += chunk.length)
      request.write(chunk.subarray(0, Math.min(chunk.length, size - sent)));
    request.end(tail);
  });
}

describe("who may upload a featured image", () => {
  it("sends a signed-out client to sign in", async () => {
    const reply = await post(server, newSession(), UPLOAD, imageForm(await jpeg()));
    expect(reply.status).toBe(302);
    expect(reply.location).toMatch(/^\/auth\?/);
  });

  it.each(["tenant@example.com", "landlord@example.com"])("sends %s away with 'Access Denied'", async (email) => {
    const session = await signedIn(server, email);
    const reply = await post(server, session, UPLOAD, imageForm(await jpeg()));
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/");
  });

  it("refuses a cross-site post", async () => {
    const reply = await send(server, staff, UPLOAD, { form: imageForm(await jpeg()), origin: "https://evil.example" });
    expect(reply.status).toBe(403);
  });
});

describe("a staff member's upload", () => {
  it("answers 201 with the address of the re-encoded image, served as a JPEG", async () => {
    const reply = await post(server, staff, UPLOAD, imageForm(await jpeg()));
    expect(reply.status).toBe(201);
    const { publicUrl } = JSON.parse(reply.body) as { publicUrl: string };
    expect(publicUrl).toMatch(/^\/uploads\/listings\/[0-9a-f-]{36}\/1200\.[0-9a-f]{10}\.jpg$/);
    const image = await httpRequest(`${server.url}${publicUrl}`);
    expect([image.status, image.headers["content-type"]]).toEqual([200, "image/jpeg"]);
  });

  it("refuses an SVG with 415, whatever its name and type say", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const reply = await post(server, staff, UPLOAD, imageForm(svg, "cover.svg", "image/svg+xml"));
    expect(reply.status).toBe(415);
    expect(JSON.parse(reply.body)).toEqual({ error: LISTING_PHOTO_ERRORS.notAnImage });
  });

  it("refuses a body over 15 MB with 413 before reading it", async () => {
    const reply = await oversizedUpload(staff, MAX_LISTING_PHOTO_BYTES + 1024 * 1024);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ error: LISTING_PHOTO_ERRORS.tooLarge });
  });

  it("answers GET with 405", async () => {
    const reply = await send(server, staff, UPLOAD);
    expect(reply.status).toBe(405);
  });
});

describe("images a post shows", () => {
  it("are our own only: another site's image is dropped from the content and refused as the featured image", async () => {
    const upload = await post(server, staff, UPLOAD, imageForm(await jpeg()));
    const { publicUrl: ours } = JSON.parse(upload.body) as { publicUrl: string };
    const slug = `own-images-${Date.now()}`;
    const form = {
      intent: "save",
      title: "Our own images",
      slug,
      content: `<p>Hello</p><img src="https://evil.example/tracker.png" alt="theirs"><img src="${ours}" alt="ours">`,
      featuredImage: "https://evil.example/cover.jpg",
      status: "published",
      type: "blog",
    };
    const refused = await post(server, staff, "/admin/posts/new", form);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(
      "Upload the featured image here: images from other sites are not shown on the blog.",
    );
    expect((await send(server, newSession(), `/blog/${slug}`)).status).toBe(404);

    const saved = await post(server, staff, "/admin/posts/new", { ...form, featuredImage: ours });
    expect(saved.status).toBe(302);
    const page = await fetch(`${server.url}/blog/${slug}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain(`src="${ours}"`);
    expect(html).not.toContain("evil.example");
    // What the page shows is what its policy lets load: images from this site.
    expect(page.headers.get("content-security-policy")).toMatch(/img-src 'self' data: blob:/);

    // The editor's preview shows the content as the blog will.
    const preview = await post(server, staff, "/admin/posts/new.data", { intent: "preview", content: form.content });
    expect(preview.body).toContain(ours);
    expect(preview.body).not.toContain("evil.example");
  });
});
