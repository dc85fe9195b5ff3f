import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listings, photoUploads, type ListingPhoto } from "~/db/schema";
import { OpenAiCompatiblePhotoDescriber } from "~/lib/adapters/ai/openai-photo-describer.server";
import { createStorageAdapter } from "~/lib/adapters/storage/index.server";
import type { StorageAdapter } from "~/lib/adapters/storage/storage-adapter";
import type { Viewer } from "~/modules/auth/viewer";
import { findListing } from "~/modules/listings/listing-queries.server";
import { MAX_PHOTO_ALT_CHARS } from "~/modules/listings/photo-alt";
import { applySuggestedPhotoOrder, photoReviewFor, setPhotoAlt } from "~/modules/listings/photo-review.server";
import { LISTING_PHOTO_ERRORS } from "~/modules/media/listing-photo-upload";
import { processListingPhoto, saveListingPhoto } from "~/modules/media/listing-photos.server";
import { linkListingPhotos } from "~/modules/media/photo-uploads.server";
import { clearApiKeyCache } from "~/modules/api-keys/api-keys.server";
import { apiOn, call } from "~/tests/support/api-client";
import { createTestApiKey, createTestListing, createTestViewer } from "~/tests/support/factories";
import { scenes } from "~/tests/support/scene-photos";
import { describeEachDatabase, type TestDatabase } from "~/tests/support/test-database";

const quietLogger = { info: () => undefined, warn: () => undefined };
const TITLE = "Sunny room off Degraves Street";

/** A local server speaking OpenAI's chat completions with image input; `answer` is the model's text. */
let server: Server;
let baseUrl: string;
let answer: { status: number; content: string } = { status: 200, content: "" };
const received: { messages: { role: string; content: unknown }[] }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as (typeof received)[number]);
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(
        JSON.stringify(
          answer.status === 200
            ? {
                choices: [{ index: 0, message: { role: "assistant", content: answer.content }, finish_reason: "stop" }],
              }
            : { error: { message: "model overloaded" } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("upload limits", () => {
  it("refuses a 100-megapixel panorama from its header, without decoding it", async () => {
    const panorama = await sharp({ create: { width: 20_000, height: 5_000, channels: 3, background: "#8899aa" } })
      .jpeg()
      .toBuffer();
    await expect(processListingPhoto(panorama)).rejects.toThrow(LISTING_PHOTO_ERRORS.tooManyPixels);
  });
});

describeEachDatabase("photo selection", (use: () => TestDatabase) => {
  let dataDir: string;
  let storage: StorageAdapter;
  let landlord: Viewer;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "laneway-photo-review-"));
    storage = createStorageAdapter({ DATA_DIR: dataDir });
    landlord = await createTestViewer(use().db, { role: "landlord" });
    received.length = 0;
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = async (input: Buffer, vision?: OpenAiCompatiblePhotoDescriber) =>
    (await saveListingPhoto(use().db, landlord.id, input, { storage, vision, logger: quietLogger })).photo;

  async function listingWith(photos: ListingPhoto[]) {
    const id = await createTestListing(use().db, {
      landlordId: landlord.id,
      title: TITLE,
      roomType: "ensuite",
      photos,
    });
    await linkListingPhotos(use().db, id, photos, storage);
    return id;
  }

  const storedPhotos = async (id: string) =>
    (await use().db.select({ photos: listings.photos }).from(listings).where(eq(listings.listingId, id)))[0]?.photos;

  it("scores each upload, suggests the sharp photo as cover and applies the order only when asked", async () => {
    const blurred = await upload(await scenes.blurred(1));
    const sharpPhoto = await upload(await scenes.sharp(2));
    const dark = await upload(await scenes.dark(3));
    const repeat = await upload(await scenes.resaved(2));
    const uploads = await use().db.select({ analysis: photoUploads.analysis }).from(photoUploads);
    expect(uploads).toHaveLength(4);
    for (const { analysis } of uploads) {
      expect(analysis).toMatchObject({ hash: expect.stringMatching(/^[0-9a-f]{16}$/) as unknown });
      expect(analysis?.room).toBeUndefined();
    }
    const id = await listingWith([blurred, sharpPhoto, dark, repeat]);

    const review = await photoReviewFor(use().db, landlord, id, { storage });
    if (!review.ok) throw new Error(review.reason);
    const suggested = review.value.suggestion.photos;
    expect(suggested.map((photo) => photo.url)).toEqual([sharpPhoto.url, blurred.url, dark.url, repeat.url]);
    expect(suggested.map((photo) => photo.flags)).toEqual([[], ["blurred"], ["dark"], ["duplicate"]]);
    expect(suggested[3]?.duplicateOf).toBe(2);
    expect(review.value.photos[0]?.generatedAlt).toBe(`Ensuite bedroom, photo 1 of 4, ${TITLE}`);
    // Shown, not applied.
    expect((await storedPhotos(id))?.[0]?.url).toBe(blurred.url);

    const shown = suggested.map((photo) => photo.url);
    const applied = await applySuggestedPhotoOrder(use().db, landlord, id, { shown, storage });
    expect(applied.ok).toBe(true);
    expect((await storedPhotos(id))?.map((photo) => photo.url)).toEqual(shown);
    const page = await findListing(use().db, id);
    expect(page?.photos[0]).toMatchObject({ url: sharpPhoto.url, alt: `Ensuite bedroom, photo 1 of 4, ${TITLE}` });
    expect(page?.photos[1]?.alt).toBe(`Photo 2 of 4, ${TITLE}`);
    const again = await photoReviewFor(use().db, landlord, id, { storage });
    expect(again.ok && again.value.suggestion.changed).toBe(false);
  });

  it("refuses another landlord's listing, a stale order and a tenant, changing nothing", async () => {
    const blurred = await upload(await scenes.blurred(1));
    const sharpPhoto = await upload(await scenes.sharp(2));
    const id = await listingWith([blurred, sharpPhoto]);
    const before = await storedPhotos(id);
    const other = await createTestViewer(use().db, { role: "landlord" });
    const tenant = await createTestViewer(use().db, { role: "tenant" });
    const shown = [sharpPhoto.url, blurred.url];

    expect(await photoReviewFor(use().db, other, id, { storage })).toEqual({ ok: false, reason: "not-found" });
    expect(await applySuggestedPhotoOrder(use().db, other, id, { shown, storage })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await applySuggestedPhotoOrder(use().db, tenant, id, { shown, storage })).toEqual({
      ok: false,
      reason: "forbidden",
    });
    expect(await setPhotoAlt(use().db, other, id, { url: blurred.url, alt: "Mine now" })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(
      await applySuggestedPhotoOrder(use().db, landlord, id, { shown: [blurred.url, sharpPhoto.url], storage }),
    ).toEqual({ ok: false, reason: "stale" });
    expect(await applySuggestedPhotoOrder(use().db, landlord, "not-a-uuid", { shown, storage })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await storedPhotos(id)).toEqual(before);
  });

  it("serves the suggestion and applies it through the API, for the listing's landlord only", async () => {
    clearApiKeyCache();
    const blurred = await upload(await scenes.blurred(1));
    const sharpPhoto = await upload(await scenes.sharp(2));
    const id = await listingWith([blurred, sharpPhoto]);
    const api = apiOn(use().db);
    const { key } = await createTestApiKey(use().db, landlord);
    const other = await createTestViewer(use().db, { role: "landlord" });
    const { key: otherKey } = await createTestApiKey(use().db, other);
    const path = `/api/listings/${id}/photo-review`;

    const review = await call(api, "GET", path, { key });
    expect(review.status).toBe(200);
    expect(review.json).toMatchObject({
      changed: true,
      photos: [
        { url: sharpPhoto.url, position: 2, flags: [] },
        {
          url: blurred.url,
          position: 1,
          flags: [{ code: "blurred", message: expect.stringMatching(/^Blurred/) as unknown }],
        },
      ],
    });
    expect((await call(api, "GET", path, { key: otherKey })).status).toBe(404);
    const order = [sharpPhoto.url, blurred.url];
    expect((await call(api, "POST", path, { key: otherKey, body: { order } })).status).toBe(404);
    expect((await call(api, "POST", path, { key, body: { order: [...order].reverse() } })).status).toBe(412);
    expect((await storedPhotos(id))?.[0]?.url).toBe(blurred.url);

    const applied = await call(api, "POST", path, { key, body: { order } });
    expect(applied.status).toBe(200);
    expect(applied.json).toMatchObject({ changed: false });
    expect((await storedPhotos(id))?.map((photo) => photo.url)).toEqual(order);
    const listing = await call(api, "GET", `/api/listings/${id}`, { key });
    expect(listing.json).toMatchObject({
      photos: [{ url: sharpPhoto.url, alt: `Ensuite bedroom, photo 1 of 2, ${TITLE}` }, { url: blurred.url }],
    });
  });

  it("saves the landlord's alt text, refuses a huge one and goes back to the generated text when emptied", async () => {
    const photo = await upload(await scenes.sharp(2));
    const id = await listingWith([photo]);
    const huge = "A very long description. ".repeat(200);
    expect(huge.length).toBeGreaterThan(MAX_PHOTO_ALT_CHARS);
    expect(await setPhotoAlt(use().db, landlord, id, { url: photo.url, alt: huge })).toEqual({
      ok: false,
      reason: "alt-too-long",
    });
    expect((await storedPhotos(id))?.[0]?.alt).toBeUndefined();

    const alt = "Ensuite bedroom with a double bed and a desk by the window";
    expect(await setPhotoAlt(use().db, landlord, id, { url: photo.url, alt: `  ${alt} ` })).toEqual({
      ok: true,
      value: { alt },
    });
    expect((await findListing(use().db, id))?.photos[0]?.alt).toBe(alt);
    expect(await setPhotoAlt(use().db, landlord, id, { url: "/uploads/listings/unknown.jpg", alt })).toEqual({
      ok: false,
      reason: "stale",
    });

    await setPhotoAlt(use().db, landlord, id, { url: photo.url, alt: "" });
    expect((await storedPhotos(id))?.[0]?.alt).toBeUndefined();
    expect((await findListing(use().db, id))?.photos[0]?.alt).toBe(`Ensuite bedroom, photo 1 of 1, ${TITLE}`);
  });

  it("asks the vision model about the small copy only and puts the bedroom first", async () => {
    const vision = new OpenAiCompatiblePhotoDescriber({ baseUrl, model: "vision-test" });
    answer = { status: 200, content: '```json\n{"room": "kitchen", "alt": "A galley kitchen with a gas stove."}\n```' };
    const kitchen = await upload(await scenes.sharp(1), vision);
    answer = { status: 200, content: '{"room": "bedroom", "alt": "A bright bedroom with a double bed."}' };
    const bedroom = await upload(await scenes.sharp(4), vision);
    expect(kitchen.alt).toBe("A galley kitchen with a gas stove.");
    expect(bedroom.alt).toBe("A bright bedroom with a double bed.");

    const request = received[0];
    expect(request).toMatchObject({ model: "vision-test" });
    const parts = request?.messages[1]?.content as { type: string; image_url?: { url: string } }[];
    const image = parts.find((part) => part.type === "image_url")?.image_url?.url ?? "";
    expect(image).toMatch(/^data:image\/jpeg;base64,/);
    const sent = await sharp(Buffer.from(image.split(",")[1] ?? "", "base64")).metadata();
    expect(sent.width).toBeLessThanOrEqual(512);
    expect(sent.exif).toBeUndefined();

    const id = await listingWith([kitchen, bedroom]);
    const review = await photoReviewFor(use().db, landlord, id, { storage });
    if (!review.ok) throw new Error(review.reason);
    expect(review.value.suggestion.photos.map((photo) => [photo.url, photo.reason])).toEqual([
      [bedroom.url, { kind: "room", room: "bedroom" }],
      [kitchen.url, { kind: "room", room: "kitchen" }],
    ]);
  });

  it("still stores the photo, scored, when the vision model fails", async () => {
    const vision = new OpenAiCompatiblePhotoDescriber({ baseUrl, model: "vision-test" });
    answer = { status: 503, content: "" };
    const photo = await upload(await scenes.sharp(1), vision);
    expect(photo.alt).toBeUndefined();
    const [row] = await use().db.select({ analysis: photoUploads.analysis }).from(photoUploads);
    expect(row?.analysis).toMatchObject({ width: 1200, height: 800 });
    expect(row?.analysis?.room).toBeUndefined();
  });
});
