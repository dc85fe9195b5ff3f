import { describe, expect, it } from "vitest";
import type { PhotoAnalysis } from "~/db/schema";
import { hammingDistance, suggestPhotoOrder } from "~/modules/media/photo-suggestions";

const good: PhotoAnalysis = {
  width: 1600,
  height: 1067,
  sharpness: 500,
  brightness: 150,
  dark: 0,
  bright: 0,
  hash: "0000000000000000",
};
const photo = (url: string, analysis: Partial<PhotoAnalysis> | null) => ({
  url,
  analysis: analysis && { ...good, ...analysis },
});

describe("suggestPhotoOrder", () => {
  it("puts the bedroom first, then the living spaces, and blurred, dark and small photos last", () => {
    const suggestion = suggestPhotoOrder([
      photo("blurred", { sharpness: 12, hash: "ffffffff00000000" }),
      photo("kitchen", { room: "kitchen", hash: "00000000ffffffff" }),
      photo("dark", { brightness: 20, hash: "ff00ff00ff00ff00" }),
      photo("bedroom", { room: "bedroom", hash: "0f0f0f0f0f0f0f0f" }),
      photo("living", { room: "living", hash: "f0f0f0f0f0f0f0f0" }),
      photo("small", { width: 400, height: 300, hash: "00ff00ff00ff00ff" }),
    ]);
    expect(suggestion.photos.map((p) => p.url)).toEqual(["bedroom", "living", "kitchen", "blurred", "dark", "small"]);
    expect(suggestion.changed).toBe(true);
    expect(suggestion.photos[0]?.reason).toEqual({ kind: "room", room: "bedroom" });
    expect(suggestion.photos.find((p) => p.url === "blurred")?.flags).toEqual(["blurred"]);
    expect(suggestion.photos.find((p) => p.url === "dark")?.flags).toEqual(["dark"]);
    expect(suggestion.photos.find((p) => p.url === "small")?.flags).toEqual(["too-small"]);
  });

  it("keeps the sharper of two near-identical shots and flags the other as its duplicate", () => {
    const suggestion = suggestPhotoOrder([
      photo("softer", { sharpness: 200, hash: "00000000000000ff" }),
      photo("other", { hash: "ffffffffffffffff" }),
      photo("crisper", { sharpness: 800, hash: "000000000000000f" }),
    ]);
    expect(suggestion.photos.map((p) => p.url)).toEqual(["other", "crisper", "softer"]);
    expect(suggestion.photos[2]).toMatchObject({ flags: ["duplicate"], duplicateOf: 3 });
  });

  it("keeps the landlord's order when nothing is wrong and leaves unscored photos where they are", () => {
    const suggestion = suggestPhotoOrder([
      photo("a", { hash: "ffffffffffffffff" }),
      photo("linked", null),
      photo("b", { hash: "0000000000000000" }),
    ]);
    expect(suggestion.photos.map((p) => p.url)).toEqual(["a", "linked", "b"]);
    expect(suggestion.changed).toBe(false);
    expect(suggestion.photos[1]?.reason).toEqual({ kind: "unchecked" });
  });
});

describe("hammingDistance", () => {
  it("counts differing bits", () => {
    expect(hammingDistance("0000000000000000", "000000000000000f")).toBe(4);
    expect(hammingDistance("ffffffffffffffff", "0000000000000000")).toBe(64);
  });
});
