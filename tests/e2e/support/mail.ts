import { expect, type APIRequestContext } from "@playwright/test";
import type { CaughtMail } from "~/tests/support/mail-catcher";

const apiUrl = () => `http://127.0.0.1:${process.env.E2E_MAIL_API_PORT}`;

/** Waits until the server has sent an e-mail to `to` (optionally matching the subject) and returns it. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject?: string | RegExp,
): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${apiUrl()}/messages?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as CaughtMail[];
        found = messages.findLast((message) =>
          subject === undefined
            ? true
            : typeof subject === "string"
              ? message.subject === subject
              : subject.test(message.subject),
        );
        return Boolean(found);
      },
      { message: `e-mail to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as CaughtMail;
}

/** The first link in an e-mail's text that points at this site. */
export function linkFrom(mail: CaughtMail, baseURL: string): string {
  const match = mail.text.match(new RegExp(`${baseURL.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s>"]+`));
  if (!match) throw new Error(`no ${baseURL} link in e-mail "${mail.subject}"`);
  return match[0];
}
