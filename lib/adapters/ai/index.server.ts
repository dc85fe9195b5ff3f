import { env } from "~/lib/env.server";
import { OfflineTextRewriter } from "~/lib/adapters/ai/offline-rewriter.server";
import { OpenAiCompatibleRewriter } from "~/lib/adapters/ai/openai-compatible.server";
import type { TextRewriter } from "~/lib/adapters/ai/text-rewriter";

let rewriter: TextRewriter | undefined;

/** The configured rewriter: the OpenAI-compatible endpoint when AI_BASE_URL is set, else the offline editor. */
export function textRewriter(): TextRewriter {
  rewriter ??= createTextRewriter(env());
  return rewriter;
}

export function createTextRewriter(config: {
  AI_BASE_URL?: string | undefined;
  AI_API_KEY?: string | undefined;
  AI_MODEL?: string | undefined;
}): TextRewriter {
  return config.AI_BASE_URL
    ? new OpenAiCompatibleRewriter({ baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY, model: config.AI_MODEL })
    : new OfflineTextRewriter();
}
