import { describe, expect, it } from "vitest";
import { createStorageAdapter } from "~/lib/adapters/storage/index.server";
import { LocalStorageAdapter } from "~/lib/adapters/storage/local-storage.server";
import { S3StorageAdapter } from "~/lib/adapters/storage/s3-storage.server";
import { isSafeKey } from "~/lib/adapters/storage/storage-adapter";

describe("isSafeKey", () => {
  it.each(["avatars/3f1c.webp", "a", "a/b/c.d-e_f.png"])("accepts %s", (key) => {
    expect(isSafeKey(key)).toBe(true);
  });

  it.each([
    "",
    "/etc/passwd",
    "../x",
    "a/../b",
    "a/..",
    "./a",
    "a//b",
    "a/",
    "a\\b",
    "a b",
    "%2e%2e/x",
    "x".repeat(513),
  ])("rejects %j", (key) => {
    expect(isSafeKey(key)).toBe(false);
  });
});

describe("createStorageAdapter", () => {
  it("uses DATA_DIR/uploads by default", async () => {
    const adapter = createStorageAdapter({ DATA_DIR: "/srv/data" });
    expect(adapter).toBeInstanceOf(LocalStorageAdapter);
    expect(adapter.keyFromUrl("/uploads/avatars/a.webp")).toBe("avatars/a.webp");
    expect(adapter.keyFromUrl("/uploads/../auth-secret")).toBeUndefined();
    expect(adapter.keyFromUrl("https://example.com/uploads/a.webp")).toBeUndefined();
    expect(adapter.imageOrigins).toEqual([]);
    await expect(adapter.putObject({ key: "../x", body: Buffer.from(""), contentType: "text/plain" })).rejects.toThrow(
      /Unsafe storage key/,
    );
  });

  it("uses S3 when the bucket and keys are set", () => {
    const adapter = createStorageAdapter({
      DATA_DIR: "/srv/data",
      S3_ENDPOINT: "https://s3.ap-southeast-2.amazonaws.com",
      S3_BUCKET: "rooms",
      S3_ACCESS_KEY_ID: "AKID",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(adapter).toBeInstanceOf(S3StorageAdapter);
    expect(adapter.keyFromUrl("https://s3.ap-southeast-2.amazonaws.com/rooms/avatars/a.webp")).toBe("avatars/a.webp");
    expect(adapter.keyFromUrl("/uploads/avatars/a.webp")).toBeUndefined();
    expect(adapter.imageOrigins).toEqual(["https://s3.ap-southeast-2.amazonaws.com"]);
  });
});

describe("S3StorageAdapter", () => {
  it("sends signed path-style requests, answers public URLs and refuses unsafe keys before sending", async () => {
    const requests: { url: string; init: RequestInit }[] = [];
    const adapter = new S3StorageAdapter({
      endpoint: "https://s3.ap-southeast-2.amazonaws.com/",
      bucket: "rooms",
      accessKeyId: "AKID",
      secretAccessKey: "secret",
      region: "ap-southeast-2",
      publicUrl: "https://cdn.example.com/",
      fetch: (url, init) => {
        requests.push({ url: String(url), init: init ?? {} });
        return Promise.resolve(new Response(null, { status: 200 }));
      },
      now: () => new Date("2026-03-01T10:20:30.456Z"),
    });
    await expect(
      adapter.putObject({ key: "a/b.webp", body: Buffer.from("x"), contentType: "image/webp" }),
    ).resolves.toEqual({
      url: "https://cdn.example.com/a/b.webp",
    });
    expect(requests[0]?.url).toBe("https://s3.ap-southeast-2.amazonaws.com/rooms/a/b.webp");
    expect((requests[0]?.init.headers as Record<string, string>).authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKID\/20260301\/ap-southeast-2\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(adapter.keyFromUrl("https://cdn.example.com/a/b.webp")).toBe("a/b.webp");
    await expect(adapter.deleteObject("../b")).rejects.toThrow(/Unsafe storage key/);
    expect(requests).toHaveLength(1);
  });
});
