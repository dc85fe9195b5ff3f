import { describe, expect, it } from "vitest";
import { refererPath, wantsDocument } from "~/lib/http-request.server";

const post = (headers: Record<string, string>) =>
  new Request("http://127.0.0.1:3000/favorites", { method: "POST", headers });

describe("wantsDocument", () => {
  it("is true for a browser's form post and false for a fetcher", () => {
    expect(wantsDocument(post({ Accept: "text/html,application/xhtml+xml,*/*;q=0.8" }))).toBe(true);
    expect(wantsDocument(post({ Accept: "*/*" }))).toBe(false);
    expect(wantsDocument(post({}))).toBe(false);
  });
});

describe("refererPath", () => {
  const publicUrl = "https://rooms.example.com";

  it("gives the path and query of a Referer on the request's own origin or PUBLIC_URL's", () => {
    expect(refererPath(post({ Referer: "http://127.0.0.1:3000/search?page=2#results" }), publicUrl)).toBe(
      "/search?page=2",
    );
    expect(refererPath(post({ Referer: "https://rooms.example.com/listing/1" }), publicUrl)).toBe("/listing/1");
  });

  it("refuses other sites, missing and unparsable Referers", () => {
    expect(refererPath(post({ Referer: "https://evil.example/search" }), publicUrl)).toBeNull();
    expect(refererPath(post({ Referer: "http://127.0.0.1:4000/search" }), publicUrl)).toBeNull();
    expect(refererPath(post({}), publicUrl)).toBeNull();
    expect(refererPath(post({ Referer: "not a url" }), "not a url either")).toBeNull();
  });

  it("refuses a path on this site that a browser would read as another site", () => {
    for (const path of ["//evil.example/", "//evil.example/search?page=2", "/\\evil.example/", "/..//evil.example/"]) {
      expect(refererPath(post({ Referer: `http://127.0.0.1:3000${path}` }), publicUrl), path).toBeNull();
    }
  });
});
