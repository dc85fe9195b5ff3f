import { FormsServiceError, type ContactFormMessage, type FormsAdapter } from "~/lib/adapters/forms/forms-adapter";

/**
 * HubSpot's Forms submission API (v3, unauthenticated integration endpoint):
 * POST {baseUrl}/submissions/v3/integration/submit/{portalId}/{formId} with the fields as
 * name/value pairs and the page context. Any 2xx is success; anything else throws with the status.
 * Called from the server only.
 */
export interface HubSpotFormsOptions {
  portalId: string;
  formId: string;
  /** Scheme and host of the API; tests point it at a local server. */
  baseUrl?: string;
  /** Per-request timeout in milliseconds. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const HUBSPOT_FORMS_BASE_URL = "https://api.hsforms.com";
const DEFAULT_TIMEOUT_MS = 8000;
/** How much of a refusal's body is kept in the error (it ends up in `contact_messages.last_error`). */
const MAX_BODY_IN_ERROR = 300;

export class HubSpotFormsAdapter implements FormsAdapter {
  readonly provider = "hubspot" as const;
  readonly #url: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;

  constructor(options: HubSpotFormsOptions) {
    if (!options.portalId || !options.formId) throw new Error("HubSpotFormsAdapter needs a portal id and a form id");
    const baseUrl = (options.baseUrl ?? HUBSPOT_FORMS_BASE_URL).replace(/\/+$/, "");
    this.#url = `${baseUrl}/submissions/v3/integration/submit/${encodeURIComponent(options.portalId)}/${encodeURIComponent(options.formId)}`;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#fetch = options.fetch ?? fetch;
  }

  async submit(message: ContactFormMessage): Promise<void> {
    const body = {
      fields: [
        { name: "firstname", value: message.firstName },
        { name: "lastname", value: message.lastName },
        { name: "email", value: message.email },
        { name: "phone", value: message.phone },
        { name: "message", value: message.message },
      ],
      context: { pageUri: message.pageUri, pageName: message.pageName },
    };
    let response: Response;
    try {
      response = await this.#fetch(this.#url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new FormsServiceError(
        timedOut
          ? `HubSpot did not answer within ${this.#timeoutMs} ms`
          : `HubSpot could not be reached: ${describe(error)}`,
        "hubspot",
        timedOut ? "TIMEOUT" : "NETWORK",
      );
    }
    if (response.ok) {
      // Drain the body so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      return;
    }
    const text = await response.text().catch(() => "");
    const detail = text.replace(/\s+/g, " ").trim().slice(0, MAX_BODY_IN_ERROR);
    throw new FormsServiceError(
      `HubSpot refused the submission: HTTP ${response.status}${detail ? ` ${detail}` : ""}`,
      "hubspot",
      `HTTP ${response.status}`,
    );
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code = (cause as (Error & { code?: string }) | undefined)?.code;
  return [error.message, code ?? cause?.message].filter(Boolean).join(": ");
}
