import type { PhotoRoom } from "~/db/schema";

/**
 * The vision half of the AI adapter: what room a listing photo shows and a one-sentence
 * description of it. Only configured with an OpenAI-compatible endpoint
 * (`openai-photo-describer.server.ts`); without one there is none and photos are scored without it.
 */
export interface PhotoDescription {
  room: PhotoRoom;
  alt: string;
}

export interface PhotoDescriber {
  /** `jpeg` is a small derivative of the upload, never the original file. Throws an AiServiceError on failure. */
  describeListingPhoto(jpeg: Buffer): Promise<PhotoDescription>;
}
