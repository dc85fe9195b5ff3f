/** "Enhance with AI" wording and the endpoint's answer, shared by the server and the button. */
export const ENHANCE_PATH = "/list-property/enhance";

/** What POST /list-property/enhance answers: the rewritten description, or why there is none. */
export type EnhanceResult = { enhancedText: string } | { error: string };

export const EMPTY_DESCRIPTION = "Please enter a description first";
export const ENHANCED_TITLE = "Description enhanced!";
export const ENHANCED_DESCRIPTION = "Your property description has been professionally enhanced.";
export const ENHANCE_FAILED_TITLE = "Enhancement failed";
export const ENHANCE_FAILED_FALLBACK = "Please try again later.";
