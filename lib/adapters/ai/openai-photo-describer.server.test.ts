import { describe, expect, it } from "vitest";
import { createPhotoDescriber } from "~/lib/adapters/ai/index.server";
import { MAX_GENERATED_ALT_CHARS, readDescription } from "~/lib/adapters/ai/openai-photo-describer.server";

describe("createPhotoDescriber", () => {
  it("has a vision model only with AI_BASE_URL", () => {
    expect(createPhotoDescriber({})).toBeNull();
    expect(createPhotoDescriber({ AI_BASE_URL: "http://127.0.0.1:1/v1" })).not.toBeNull();
  });
});

describe("readDescription", () => {
  it("reads JSON inside code fences and words around it", () => {
    expect(readDescription('Sure!\n```json\n{"room":"living","alt":"A lounge with a **grey** sofa."}\n```')).toEqual({
      room: "living",
      alt: "A lounge with a grey sofa.",
    });
  });

  it("calls an unknown room other and shortens a rambling description at a word", () => {
    const long = `A room ${"with many things ".repeat(30)}`;
    const description = readDescription(JSON.stringify({ room: "garage", alt: long }));
    expect(description.room).toBe("other");
    expect(description.alt.length).toBeLessThanOrEqual(MAX_GENERATED_ALT_CHARS + 1);
    expect(description.alt.endsWith("…")).toBe(true);
  });

  it("refuses an answer without alt text", () => {
    expect(() => readDescription("I cannot see an image.")).toThrow("could not be read");
    expect(() => readDescription('{"room":"bedroom"}')).toThrow("could not be read");
  });
});
