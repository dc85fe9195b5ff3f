import { describe, expect, it } from "vitest";
import { sameSiteReferer, wantsDocument } from "~/lib/http-request.server";

const post = (headers: Record<string, string>) =>
  new Request("http://127.0.0.1:3000/favorites", { method: "POST", headers });

describe("wantsDocument", () => {
  it("is true for a browser's form post and false for a fetcher", () => {
    expect(wantsDocument(post({ Accept: "text/html,application/xhtml+xml,*/*;q=0.8" }))).toBe(true);
    expect(wantsDocument(post({ Accept: "*/*" }))).toBe(false);
    expect(wantsDocument(post({}))).toBe(false);
  });
});

describe("sameSiteReferer", () => {
  const publicUrl = "https://rooms.example.com";

  it("accepts the request's own origin and PUBLIC_URL's, keeping path and query", () => {
    expect(sameSiteReferer(post({ Referer: "http://127.0.0.1:3000/search?page=2" }), publicUrl)?.href).toBe(
      "http://127.0.0.1:3000/search?page=2",
    );
    expect(sameSiteReferer(post({ Referer: "https://rooms.example.com/listing/1" }), publicUrl)?.pathname).toBe(
      "/listing/1",
    );
  });

  it("refuses other sites, missing and unparsable Referers", () => {
    expect(sameSiteReferer(post({ Referer: "https://evil.example/search" }), publicUrl)).toBeNull();
    expect(sameSiteReferer(post({ Referer: "http://127.0.0.1:4000/search" }), publicUrl)).toBeNull();
    expect(sameSiteReferer(post({}), publicUrl)).toBeNull();
    expect(sameSiteReferer(post({ Referer: "not a url" }), "not a url either")).toBeNull();
  });
});
