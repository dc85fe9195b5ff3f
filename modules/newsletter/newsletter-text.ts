/** Newsletter wording and form constants shared by the server and the sign-up form (no zod here). */
export const NEWSLETTER_SOURCES = ["blog", "footer"] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

export const INVALID_EMAIL_MESSAGE = "Enter a valid e-mail address";
export const TOO_MANY_SIGN_UPS_MESSAGE = "Too many sign-ups from your network. Please try again later.";

/** Query parameters set on the page a sign-up without JavaScript returns to (see NewsletterForm). */
export const SUBSCRIBED_PARAM = "subscribed";
export const NEWSLETTER_SOURCE_PARAM = "newsletter";

export const SUBSCRIBED_TITLE = "Thanks for subscribing!";
export const SUBSCRIBED_DESCRIPTION = "You'll receive our latest updates in your inbox.";
