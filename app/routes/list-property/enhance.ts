import { data } from "react-router";
import type { Route } from "./+types/enhance";
import { COMMON_REFUSALS } from "~/lib/refusal-code";
import { statusFor } from "~/lib/http/refusal-status";
import { AiServiceError } from "~/lib/adapters/ai/text-rewriter";
import { gatedViewer } from "~/app/http/gates.server";
import { logger } from "~/lib/logger.server";
import {
  DescriptionInputError,
  enhanceDescription,
  enhanceRateLimiter,
} from "~/modules/listings/enhance-description.server";
import { ENHANCE_FAILED_FALLBACK, type EnhanceResult } from "~/modules/listings/enhance-text";
import { services } from "~/lib/request-context";

/** Far above 10 000 characters form-encoded (up to 9 bytes each), so only abuse is refused unread. */

/**
 * POST /list-property/enhance (form field or JSON property `text`): "Enhance with AI" for the
 * listing form. Listing writers only; answers `{ enhancedText }`, or `{ error }` with 400 (no or
 * unusable text), 413, 429 (per-user limit, with Retry-After) or 502 (the AI service failed).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "POST" } });
  const viewer = gatedViewer(context);
  const limit = await enhanceRateLimiter.hit(viewer.id);
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    return data<EnhanceResult>(
      { error: `Too many enhancement requests. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` },
      {
        status: statusFor(COMMON_REFUSALS["rate-limited"]),
        headers: { "Retry-After": String(limit.retryAfterSeconds) },
      },
    );
  }
  const text = await readText(request);
  if (text === null) return data<EnhanceResult>({ error: "Send the description as the field text." }, { status: 400 });

  try {
    return data<EnhanceResult>({ enhancedText: await enhanceDescription(text, services(context).ai) });
  } catch (error) {
    if (error instanceof DescriptionInputError)
      return data<EnhanceResult>({ error: error.message }, { status: statusFor(COMMON_REFUSALS.invalid) });
    if (error instanceof AiServiceError) {
      logger.warn({ userId: viewer.id, status: error.status, detail: error.detail }, "description enhancement failed");
      return data<EnhanceResult>({ error: error.message }, { status: statusFor("PROVIDER_ERROR") });
    }
    logger.error({ err: error, userId: viewer.id }, "description enhancement failed unexpectedly");
    return data<EnhanceResult>({ error: ENHANCE_FAILED_FALLBACK }, { status: 500 });
  }
}

/** `text` from a JSON body or a form; null when it is missing, not text, or the body is unreadable. */
async function readText(request: Request): Promise<string | null> {
  try {
    if ((request.headers.get("content-type") ?? "").includes("application/json")) {
      const body: unknown = await request.json();
      const text = (body as { text?: unknown } | null)?.text;
      return typeof text === "string" ? text : null;
    }
    const text = (await request.formData()).get("text");
    return typeof text === "string" ? text : null;
  } catch {
    return null;
  }
}

/** Nothing to show at this address: it only answers the form's POST. */
export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
