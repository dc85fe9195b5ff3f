import { PHOTO_ROOMS, type PhotoRoom } from "~/db/schema";
import {
  chatEndpoint,
  completeChat,
  type ChatEndpoint,
  type OpenAiCompatibleOptions,
} from "~/lib/adapters/ai/openai-compatible.server";
import type { PhotoDescriber, PhotoDescription } from "~/lib/adapters/ai/photo-describer";
import { AiServiceError } from "~/lib/adapters/ai/text-rewriter";

/** Alt text longer than this is cut at a word: screen readers read all of it. */
export const MAX_GENERATED_ALT_CHARS = 160;

export const PHOTO_DESCRIBE_PROMPT = [
  "You look at one photo from a listing for a furnished room to rent in Melbourne, Australia.",
  `Answer with JSON only: {"room": one of ${PHOTO_ROOMS.map((room) => `"${room}"`).join(", ")}, "alt": one plain sentence describing what the photo shows for someone who cannot see it}.`,
  '"living" is a lounge, living or dining room; "exterior" is the building, street, garden or balcony from outside.',
  "The alt sentence is in Australian English, under 20 words, names the room and its main furniture and light, and invents nothing: no brand, price or place.",
].join("\n");

/** A chat-completions endpoint that reads images (OpenAI's image_url parts, as LM Studio, Ollama and gateways accept them). */
export class OpenAiCompatiblePhotoDescriber implements PhotoDescriber {
  readonly #endpoint: ChatEndpoint;

  constructor(options: OpenAiCompatibleOptions) {
    this.#endpoint = chatEndpoint(options);
  }

  async describeListingPhoto(jpeg: Buffer): Promise<PhotoDescription> {
    const answer = await completeChat(this.#endpoint, [
      { role: "system", content: PHOTO_DESCRIBE_PROMPT },
      {
        role: "user",
        content: [
          { type: "text", text: "Describe this listing photo." },
          { type: "image_url", image_url: { url: `data:image/jpeg;base64,${jpeg.toString("base64")}`, detail: "low" } },
        ],
      },
    ]);
    return readDescription(answer);
  }
}

/** The room and alt text from the model's answer, code fences and stray words around the JSON allowed. */
export function readDescription(answer: string): PhotoDescription {
  const parsed = parseObject(/\{[\s\S]*\}/.exec(answer)?.[0]);
  const alt = typeof parsed?.alt === "string" ? plainSentence(parsed.alt) : "";
  if (!alt) {
    throw new AiServiceError(
      "The AI service sent a description that could not be read.",
      "BAD_RESPONSE",
      answer.slice(0, 300),
    );
  }
  const room = PHOTO_ROOMS.includes(parsed?.room as PhotoRoom) ? (parsed?.room as PhotoRoom) : "other";
  return { room, alt };
}

function parseObject(json: string | undefined): { room?: unknown; alt?: unknown } | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as { room?: unknown; alt?: unknown } | null;
  } catch {
    return null;
  }
}

function plainSentence(text: string): string {
  const plain = text
    .replace(/[*_`#<>]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= MAX_GENERATED_ALT_CHARS) return plain;
  const cut = plain.slice(0, MAX_GENERATED_ALT_CHARS);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[,;:]$/, "")}…`;
}
