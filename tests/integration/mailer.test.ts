import { createServer } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createMailer,
  findOutboxMessage,
  listOutbox,
  MailDeliveryError,
  mailerOptionsFromEnv,
  type MailMessage,
} from "~/lib/adapters/mail/mailer.server";
import { passwordResetEmail } from "~/modules/mail/auth-emails";
import { startMailCatcher, type MailCatcher } from "~/tests/support/mail-catcher";
import { describeEachDatabase } from "~/tests/support/test-database";

const FROM = '"Laneway Rooms" <no-reply@lanewayrooms.example>';
const RESET_URL = "https://lanewayrooms.example/auth?view=update_password&token=t0k3n";

let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(async () => {
  await catcher.close();
});

/** A loopback port nothing listens on: connecting is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

function resetMessage(to: string): MailMessage {
  return { to, ...passwordResetEmail({ siteName: "Laneway Rooms", url: RESET_URL }) };
}

it("builds its settings from the environment", () => {
  const base = { SITE_NAME: 'Laneway "Rooms"', PUBLIC_URL: "https://rooms.example:8443", SMTP_URL: undefined };
  expect(mailerOptionsFromEnv({ ...base, NODE_ENV: "production", MAIL_FROM: undefined })).toEqual({
    smtpUrl: undefined,
    from: '"Laneway \\"Rooms\\"" <no-reply@rooms.example>',
    storeInOutbox: false,
  });
  expect(
    mailerOptionsFromEnv({
      ...base,
      NODE_ENV: "development",
      MAIL_FROM: "Rooms <hello@rooms.example>",
      SMTP_URL: "smtp://mail.example:25",
    }),
  ).toEqual({ smtpUrl: "smtp://mail.example:25", from: "Rooms <hello@rooms.example>", storeInOutbox: true });
});

describeEachDatabase("mailer", (use) => {
  it("sends over SMTP with text and HTML parts and keeps a copy outside production", async () => {
    const mailer = createMailer({ smtpUrl: catcher.url, from: FROM, storeInOutbox: true, executor: () => use().db });
    const message = resetMessage(`reset-${use().kind}@example.com`);

    await expect(mailer.send(message)).resolves.toBe("smtp");

    const mail = await catcher.waitFor((caught) => caught.to.includes(message.to));
    expect(mail.from).toBe("no-reply@lanewayrooms.example");
    expect(mail.headers.from).toBe("Laneway Rooms <no-reply@lanewayrooms.example>");
    expect(mail.headers.to).toBe(message.to);
    expect(mail.subject).toBe("Reset your password");
    expect(mail.text).toContain(RESET_URL);
    expect(mail.html).toContain('<html lang="en"');
    expect(mail.html).toContain(RESET_URL.replaceAll("&", "&amp;"));
    expect(mail.headers["content-type"]).toMatch(/^multipart\/alternative/);

    const [row] = await listOutbox(50, use().db);
    expect(row).toMatchObject({ to: message.to, subject: message.subject, delivery: "smtp" });
    const stored = await findOutboxMessage(row?.id ?? "", use().db);
    expect(stored).toMatchObject({ html: message.html, text: message.text });
  });

  it("does not keep a copy of SMTP mail in production", async () => {
    const mailer = createMailer({ smtpUrl: catcher.url, from: FROM, storeInOutbox: false, executor: () => use().db });
    const message = resetMessage(`production-${use().kind}@example.com`);
    await expect(mailer.send(message)).resolves.toBe("smtp");
    await catcher.waitFor((caught) => caught.to.includes(message.to));
    expect(await listOutbox(50, use().db)).toEqual([]);
  });

  it("stores mail in the outbox when there is no SMTP server, newest first, in production too", async () => {
    const mailer = createMailer({ from: FROM, storeInOutbox: false, executor: () => use().db });
    await expect(mailer.send(resetMessage("first@example.com"))).resolves.toBe("outbox");
    await expect(mailer.send(resetMessage("second@example.com"))).resolves.toBe("outbox");

    const rows = await listOutbox(50, use().db);
    expect(rows.map((row) => [row.to, row.delivery])).toEqual([
      ["second@example.com", "outbox"],
      ["first@example.com", "outbox"],
    ]);
    expect(await listOutbox(1, use().db)).toHaveLength(1);
    expect(rows[0]).not.toHaveProperty("html");
  });

  it("rejects with a clear error when the SMTP server cannot be reached, storing nothing", async () => {
    const port = await closedPort();
    const mailer = createMailer({
      smtpUrl: `smtp://user:s3cret@127.0.0.1:${port}`,
      from: FROM,
      storeInOutbox: true,
      executor: () => use().db,
    });
    const sending = mailer.send(resetMessage("unreachable@example.com"));
    await expect(sending).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(sending).rejects.toThrow(
      new RegExp(`^E-mail could not be sent through the SMTP server 127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`),
    );
    await expect(sending).rejects.not.toThrow(/s3cret/);
    expect(await listOutbox(50, use().db)).toEqual([]);
  });

  it("refuses a line break in the recipient or subject", async () => {
    const mailer = createMailer({ smtpUrl: catcher.url, from: FROM, storeInOutbox: true, executor: () => use().db });
    const received = catcher.messages.length;
    await expect(
      mailer.send({ ...resetMessage("victim@example.com"), subject: "Hello\r\nBcc: attacker@example.com" }),
    ).rejects.toThrow(/line break/);
    await expect(mailer.send(resetMessage("victim@example.com\nBcc: attacker@example.com"))).rejects.toThrow(
      /line break/,
    );
    expect(catcher.messages.length).toBe(received);
    expect(await listOutbox(50, use().db)).toEqual([]);
  });

  it("finds nothing for an unknown or malformed id", async () => {
    expect(await findOutboxMessage("3f1c1a52-8a53-4c57-9d1e-2f3c4b5a6d7e", use().db)).toBeUndefined();
    expect(await findOutboxMessage("not-a-uuid", use().db)).toBeUndefined();
  });
});
