import { describe, expect, it } from "vitest";
import { OfflineTextRewriter } from "~/lib/adapters/ai/offline-rewriter.server";
import { AiServiceError, type TextRewriter } from "~/lib/adapters/ai/text-rewriter";
import {
  DESCRIPTION_TOO_LONG,
  DescriptionInputError,
  ENHANCE_MAX_CHARS,
  enhanceDescription,
  keepFeaturesLine,
} from "~/modules/listings/enhance-description.server";
import { EMPTY_DESCRIPTION } from "~/modules/listings/enhance-text";

const ORIGINAL = "Furnished double room · Bills included · Wi-Fi\nbright room near the tram";

/** A rewriter that answers `reply` and records what it was asked. */
function fixedRewriter(reply: string | Error) {
  const inputs: string[] = [];
  const rewriter: TextRewriter = {
    provider: "openai-compatible",
    rewriteListingDescription(text) {
      inputs.push(text);
      return reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply);
    },
  };
  return { rewriter, inputs };
}

describe("enhanceDescription", () => {
  it("refuses an empty or blank description before calling the rewriter", async () => {
    const { rewriter, inputs } = fixedRewriter("unused");
    for (const text of ["", "  \n\t "]) {
      const error = await enhanceDescription(text, rewriter).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DescriptionInputError);
      expect((error as Error).message).toBe(EMPTY_DESCRIPTION);
    }
    expect(inputs).toHaveLength(0);
  });

  it("refuses a description over the listing form's limit", async () => {
    const { rewriter, inputs } = fixedRewriter("unused");
    await expect(enhanceDescription("x".repeat(ENHANCE_MAX_CHARS + 1), rewriter)).rejects.toThrow(DESCRIPTION_TOO_LONG);
    expect(ENHANCE_MAX_CHARS).toBe(10_000);
    expect(inputs).toHaveLength(0);
  });

  it("sends the trimmed text with Unix line ends and returns the tidied rewrite", async () => {
    const { rewriter, inputs } = fixedRewriter(
      "Furnished double room · Bills included · Wi-Fi  \r\n\r\n\r\n\r\nA bright room near the tram.\n",
    );
    await expect(enhanceDescription(`  ${ORIGINAL.replace("\n", "\r\n")}\n\n`, rewriter)).resolves.toBe(
      "Furnished double room · Bills included · Wi-Fi\n\nA bright room near the tram.",
    );
    expect(inputs).toEqual([ORIGINAL]);
  });

  it("puts the original features line back when the rewrite dropped it", async () => {
    const { rewriter } = fixedRewriter(
      "This bright, furnished double room is close to the tram. Bills and Wi-Fi are included.",
    );
    await expect(enhanceDescription(ORIGINAL, rewriter)).resolves.toBe(
      "Furnished double room · Bills included · Wi-Fi\nThis bright, furnished double room is close to the tram. Bills and Wi-Fi are included.",
    );
  });

  it("passes on the rewriter's failure and refuses a blank or oversized answer", async () => {
    const failure = new AiServiceError("The AI service refused the request (401).", "HTTP 401");
    await expect(enhanceDescription(ORIGINAL, fixedRewriter(failure).rewriter)).rejects.toBe(failure);
    await expect(enhanceDescription(ORIGINAL, fixedRewriter(" \n ").rewriter)).rejects.toMatchObject({
      name: "AiServiceError",
      message: "The AI service returned no text.",
    });
    const huge = `Room · Desk\n${"word ".repeat(ENHANCE_MAX_CHARS / 4)}`;
    await expect(enhanceDescription(ORIGINAL, fixedRewriter(huge).rewriter)).rejects.toMatchObject({
      name: "AiServiceError",
      status: "TOO_LONG",
    });
  });

  it("works end to end with the offline editor", async () => {
    await expect(
      enhanceDescription("furnished room, bills incl, wifi\n\n\nbright room w/ desk", new OfflineTextRewriter()),
    ).resolves.toBe("Furnished room · Bills included · Wi-Fi\n\nBright room with desk.");
  });
});

describe("keepFeaturesLine", () => {
  it("keeps a rewrite that starts with a features summary", () => {
    const rewritten = "Furnished double room · Bills included · Fast Wi-Fi\nA bright room.";
    expect(keepFeaturesLine(ORIGINAL, rewritten)).toBe(rewritten);
  });

  it("keeps a rewrite whose first line is the original first line, summary or not", () => {
    const original = "Sunny room in Carlton\nclose to uni";
    const rewritten = "Sunny room in Carlton\nIt is close to the university.";
    expect(keepFeaturesLine(original, rewritten)).toBe(rewritten);
  });

  it("moves a summary the model placed under a title back to the top", () => {
    expect(
      keepFeaturesLine(
        ORIGINAL,
        "Charming Room Near the Tram\nFurnished double room · Bills included · Wi-Fi\nA bright room.",
      ),
    ).toBe("Furnished double room · Bills included · Wi-Fi\nCharming Room Near the Tram\nA bright room.");
  });

  it("puts back a short original first line that was dropped", () => {
    expect(keepFeaturesLine("Sunny room, desk\nnear uni", "A sunny room with a desk, near the university.")).toBe(
      "Sunny room, desk\nA sunny room with a desk, near the university.",
    );
  });

  it("does not repeat an original first line that was a whole paragraph", () => {
    const original =
      "This is a sunny room in Carlton. It has a desk and it is close to the university, shops and the tram on Lygon Street.";
    const rewritten = "A sunny room in Carlton with a desk, close to the university, shops and the Lygon Street tram.";
    expect(keepFeaturesLine(original, rewritten)).toBe(rewritten);
  });
});
