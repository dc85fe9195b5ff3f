import { AiServiceError, type TextRewriter } from "~/lib/adapters/ai/text-rewriter";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { EMPTY_DESCRIPTION } from "~/modules/listings/enhance-text";
import { LISTING_LIMITS } from "~/modules/listings/listing-form";
import { splitDescription } from "~/modules/listings/listing-text";

/** Per user: each rewrite may cost money at the AI provider. */
export const ENHANCE_RATE_LIMIT = { limit: 20, windowMs: 10 * 60_000 } as const;
export const enhanceRateLimiter = createRateLimiter({ name: "enhance", ...ENHANCE_RATE_LIMIT });

/** The longest description that can be enhanced: the listing form's own limit, so the answer can be saved. */
export const ENHANCE_MAX_CHARS = LISTING_LIMITS.description;
export const DESCRIPTION_TOO_LONG = `The description is too long to enhance (at most ${ENHANCE_MAX_CHARS.toLocaleString("en-AU")} characters).`;

/** The description cannot be enhanced as sent (empty, too long); the message is shown to the user. */
export class DescriptionInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DescriptionInputError";
  }
}

/**
 * The description rewritten by the configured rewriter, its first line still the features summary.
 * Throws DescriptionInputError for unusable input and AiServiceError when the rewrite fails.
 */
export async function enhanceDescription(text: string, rewriter: TextRewriter): Promise<string> {
  const original = normaliseText(text);
  if (!original) throw new DescriptionInputError(EMPTY_DESCRIPTION);
  if (original.length > ENHANCE_MAX_CHARS) throw new DescriptionInputError(DESCRIPTION_TOO_LONG);
  const rewritten = normaliseText(await rewriter.rewriteListingDescription(original));
  if (!rewritten) throw new AiServiceError("The AI service returned no text.", "BAD_RESPONSE", "blank answer");
  const enhanced = keepFeaturesLine(original, rewritten);
  if (enhanced.length > ENHANCE_MAX_CHARS) {
    throw new AiServiceError(
      "The enhanced description came back too long to save. Please shorten the description and try again.",
      "TOO_LONG",
      `${enhanced.length} characters`,
    );
  }
  return enhanced;
}

/**
 * Cards show a description's first line as the features summary, so the rewrite must start with
 * one: the rewrite's own when its first line is one, else a summary line it moved further down,
 * else the original first line put back on top.
 */
export function keepFeaturesLine(original: string, rewritten: string): string {
  const originalFeatures = splitDescription(original).features;
  const lines = rewritten.split("\n");
  const first = lines[0] ?? "";
  if (first === originalFeatures || isFeaturesSummary(first)) return rewritten;
  const summaryAt = lines.findIndex(isFeaturesSummary);
  if (summaryAt > 0) {
    const [summary = ""] = lines.splice(summaryAt, 1);
    return normaliseText([summary, ...lines].join("\n"));
  }
  // An original first line that is itself a paragraph was no summary: nothing to put back.
  if (!isSummarySized(originalFeatures)) return rewritten;
  return `${originalFeatures}\n${rewritten}`;
}

/** "Furnished double room · Bills included": two or more short items separated by middle dots. */
function isFeaturesSummary(line: string): boolean {
  const items = line
    .split("·")
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length >= 2 && items.every((item) => item.length <= 80 && !/[.!?]\s/.test(item));
}

function isSummarySized(line: string): boolean {
  return line.length <= 160 && !/[.!?]\s+\S/.test(line);
}

/** Unix line ends, no trailing spaces, at most one blank line in a row, trimmed. */
function normaliseText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
