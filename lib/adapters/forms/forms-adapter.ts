/**
 * The marketing-forms adapter: hands a stored contact-form message to the forms provider.
 * Two implementations: HubSpot's Forms submission API (`hubspot-forms.server.ts`, when
 * HUBSPOT_PORTAL_ID and HUBSPOT_FORM_ID are set) and a local inbox (`local-forms.server.ts`).
 * Every message is stored in `contact_messages` before any adapter sees it, so an adapter failing
 * never loses a message: the retry worker (`modules/contact/forward-pending.server.ts`) tries again.
 */

/** One contact-form message as it is forwarded. */
export interface ContactFormMessage {
  /** The stored row's id (`contact_messages.id`). */
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
  /** The page the form was sent from (absolute URL), and its name, for the provider's context. */
  pageUri: string;
  pageName: string;
}

export type FormsProvider = "hubspot" | "local";

export interface FormsAdapter {
  readonly provider: FormsProvider;
  /** Resolves once the provider has accepted the message; throws a FormsServiceError otherwise. */
  submit(message: ContactFormMessage): Promise<void>;
}

/** The forms provider refused or could not be reached; `status` is e.g. "HTTP 500", "TIMEOUT", "NETWORK". */
export class FormsServiceError extends Error {
  constructor(
    message: string,
    readonly provider: FormsProvider,
    readonly status: string,
  ) {
    super(message);
    this.name = "FormsServiceError";
  }
}
