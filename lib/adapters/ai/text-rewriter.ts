/**
 * The AI rewrite adapter: turns a landlord's listing description into a professional one.
 * Two implementations: any OpenAI-compatible chat-completions endpoint
 * (`openai-compatible.server.ts`, when AI_BASE_URL is set) and a deterministic offline editor
 * (`offline-rewriter.server.ts`) that tidies and structures the text and never invents facts.
 * This file holds no secrets and no I/O.
 */

export type TextRewriterProvider = "openai-compatible" | "offline";

export interface TextRewriter {
  readonly provider: TextRewriterProvider;
  /** The rewritten description (first line: the features summary). Throws an AiServiceError on failure. */
  rewriteListingDescription(text: string): Promise<string>;
}

/**
 * The rewrite failed (timeout, refusal, unreadable answer). `message` may be shown to the user;
 * `status` (e.g. "HTTP 401", "TIMEOUT", "NETWORK", "BAD_RESPONSE") and `detail` are for the logs.
 */
export class AiServiceError extends Error {
  constructor(
    message: string,
    readonly status: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = "AiServiceError";
  }
}
