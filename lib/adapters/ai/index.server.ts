import { OfflineTextRewriter } from "~/lib/adapters/ai/offline-rewriter.server";
import { OpenAiCompatibleRewriter } from "~/lib/adapters/ai/openai-compatible.server";
import type { TextRewriter } from "~/lib/adapters/ai/text-rewriter";

export function createTextRewriter(config: {
  AI_BASE_URL?: string | undefined;
  AI_API_KEY?: string | undefined;
  AI_MODEL?: string | undefined;
}): TextRewriter {
  return config.AI_BASE_URL
    ? new OpenAiCompatibleRewriter({ baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY, model: config.AI_MODEL })
    : new OfflineTextRewriter();
}
