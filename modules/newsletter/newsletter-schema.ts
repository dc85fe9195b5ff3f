import { z } from "zod";
import { INVALID_EMAIL_MESSAGE, NEWSLETTER_SOURCES } from "~/modules/newsletter/newsletter-text";

/** A newsletter sign-up: e-mail trimmed and lower-cased (one row per address), and where it came from. */
export const newsletterInput = z.object({
  email: z
    .string({ error: INVALID_EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .max(254, { error: INVALID_EMAIL_MESSAGE })
    .pipe(z.email({ error: INVALID_EMAIL_MESSAGE })),
  source: z.enum(NEWSLETTER_SOURCES, { error: "Unknown sign-up form" }),
});

export type NewsletterInput = z.input<typeof newsletterInput>;
