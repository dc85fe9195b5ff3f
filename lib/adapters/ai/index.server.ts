import { OfflineTextRewriter } from "~/lib/adapters/ai/offline-rewriter.server";
import { OpenAiCompatibleRewriter } from "~/lib/adapters/ai/openai-compatible.server";
import { OpenAiCompatiblePhotoDescriber } from "~/lib/adapters/ai/openai-photo-describer.server";
import type { PhotoDescriber } from "~/lib/adapters/ai/photo-describer";
import type { TextRewriter } from "~/lib/adapters/ai/text-rewriter";

interface AiConfig {
  AI_BASE_URL?: string | undefined;
  AI_API_KEY?: string | undefined;
  AI_MODEL?: string | undefined;
}

export function createTextRewriter(config: AiConfig): TextRewriter {
  return config.AI_BASE_URL
    ? new OpenAiCompatibleRewriter({ baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY, model: config.AI_MODEL })
    : new OfflineTextRewriter();
}

/** The vision model behind the same endpoint, or none: photos are then scored offline only. */
export function createPhotoDescriber(config: AiConfig): PhotoDescriber | null {
  return config.AI_BASE_URL
    ? new OpenAiCompatiblePhotoDescriber({
        baseUrl: config.AI_BASE_URL,
        apiKey: config.AI_API_KEY,
        model: config.AI_MODEL,
      })
    : null;
}
