import type { ContactFormMessage, FormsAdapter } from "~/lib/adapters/forms/forms-adapter";
import { logger as defaultLogger, type Logger } from "~/lib/logger.server";

/**
 * The local default when HubSpot is not configured. Every message is already stored in
 * `contact_messages` before an adapter sees it, so that table IS the local inbox: "forwarding"
 * here means accepting the message as delivered to it, which the caller records as
 * forward_status = forwarded with forwarded_at. One log line per message (its id, never its
 * contents) tells operators a message arrived. It goes through exactly the same store / forward /
 * retry path as HubSpot, so the whole flow works offline.
 */
export class LocalFormsAdapter implements FormsAdapter {
  readonly provider = "local" as const;
  readonly #logger: Pick<Logger, "info">;

  constructor(options: { logger?: Pick<Logger, "info"> } = {}) {
    this.#logger = options.logger ?? defaultLogger;
  }

  submit(message: ContactFormMessage): Promise<void> {
    this.#logger.info(
      { contactMessageId: message.id, pageUri: message.pageUri },
      "contact message delivered to the local inbox (contact_messages); HubSpot is not configured",
    );
    return Promise.resolve();
  }
}
