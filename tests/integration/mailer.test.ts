import { createServer } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { mailOutbox } from "~/db/schema";
import {
  createMailTransport,
  deliverQueuedMail,
  findOutboxMessage,
  listOutbox,
  mailRetryDelayMs,
  mailSettingsFromEnv,
  MAX_MAIL_ATTEMPTS,
  queueMail,
  startMailDelivery,
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
  expect(mailSettingsFromEnv({ ...base, MAIL_FROM: undefined })).toEqual({
    smtpUrl: undefined,
    from: '"Laneway \\"Rooms\\"" <no-reply@rooms.example>',
  });
  expect(
    mailSettingsFromEnv({ ...base, MAIL_FROM: "Rooms <hello@rooms.example>", SMTP_URL: "smtp://mail.example:25" }),
  ).toEqual({ smtpUrl: "smtp://mail.example:25", from: "Rooms <hello@rooms.example>" });
});

it("waits longer after each failure, up to six hours", () => {
  expect([1, 2, 3, 4].map(mailRetryDelayMs)).toEqual([30_000, 120_000, 480_000, 1_920_000]);
  expect(mailRetryDelayMs(20)).toBe(6 * 60 * 60_000);
});

const quietLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

describeEachDatabase("mail outbox", (use) => {
  const smtp = () => createMailTransport({ smtpUrl: catcher.url, from: FROM });
  const rowOf = async (id: string) => (await use().db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

  it("queues a message and the worker sends it over SMTP with text and HTML parts", async () => {
    const message = {
      ...resetMessage(`reset-${use().kind}@example.com`),
      headers: { "List-Unsubscribe": "<https://lanewayrooms.example/unsubscribe/t>" },
    };
    const id = await queueMail(use().db, message);
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0, delivery: null });

    expect(await deliverQueuedMail(use().db, smtp(), { keepBodies: true, logger: quietLogger })).toEqual({
      attempted: 1,
      sent: 1,
      failed: 0,
    });
    const mail = await catcher.waitFor((caught) => caught.to.includes(message.to));
    expect(mail.from).toBe("no-reply@lanewayrooms.example");
    expect(mail.headers.from).toBe("Laneway Rooms <no-reply@lanewayrooms.example>");
    expect(mail.headers.to).toBe(message.to);
    expect(mail.subject).toBe("Reset your password");
    expect(mail.text).toContain(RESET_URL);
    expect(mail.html).toContain('<html lang="en"');
    expect(mail.html).toContain(RESET_URL.replaceAll("&", "&amp;"));
    expect(mail.headers["content-type"]).toMatch(/^multipart\/alternative/);
    expect(mail.headers["list-unsubscribe"]).toBe("<https://lanewayrooms.example/unsubscribe/t>");

    const [row] = await listOutbox(use().db, 50);
    expect(row).toMatchObject({ to: message.to, subject: message.subject, status: "sent", delivery: "smtp" });
    expect(await findOutboxMessage(use().db, id)).toMatchObject({ html: message.html, text: message.text });
    // Sent once: a second run finds nothing due.
    expect((await deliverQueuedMail(use().db, smtp(), { keepBodies: true, logger: quietLogger })).attempted).toBe(0);
  });

  it("clears a sent message's body in production, so no link rests in the database", async () => {
    const message = resetMessage(`production-${use().kind}@example.com`);
    const id = await queueMail(use().db, message);
    await deliverQueuedMail(use().db, smtp(), { keepBodies: false, logger: quietLogger });
    await catcher.waitFor((caught) => caught.to.includes(message.to));
    expect(await rowOf(id)).toMatchObject({ status: "sent", html: "", text: "" });
  });

  it("without SMTP keeps every message in the outbox, newest first", async () => {
    const local = createMailTransport({ from: FROM });
    await queueMail(use().db, resetMessage("first@example.com"));
    await queueMail(use().db, resetMessage("second@example.com"));
    await deliverQueuedMail(use().db, local, { keepBodies: true, logger: quietLogger });
    const rows = await listOutbox(use().db, 50);
    expect(rows.map((row) => [row.to, row.status, row.delivery])).toEqual([
      ["second@example.com", "sent", "outbox"],
      ["first@example.com", "sent", "outbox"],
    ]);
    expect(await listOutbox(use().db, 1)).toHaveLength(1);
    expect(rows[0]).not.toHaveProperty("html");
  });

  it("keeps a message the SMTP server did not take, retries it later, and delivers it once the server is back", async () => {
    const port = await closedPort();
    const down = createMailTransport({ smtpUrl: `smtp://user:s3cret@127.0.0.1:${port}`, from: FROM });
    const message = resetMessage(`retry-${use().kind}@example.com`);
    const id = await queueMail(use().db, message);
    const start = Date.now();
    const at = (offsetMs: number) => () => new Date(start + offsetMs);

    expect(
      await deliverQueuedMail(use().db, down, { keepBodies: true, logger: quietLogger, now: at(0) }),
    ).toMatchObject({
      failed: 1,
    });
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed?.lastError).toMatch(new RegExp(`127\\.0\\.0\\.1:${port}.*ECONNREFUSED`));
    expect(failed?.lastError).not.toContain("s3cret");
    expect(failed?.nextAttemptAt.getTime()).toBe(start + mailRetryDelayMs(1));

    // Not due yet: nothing is tried before the backoff has passed.
    expect(
      (await deliverQueuedMail(use().db, smtp(), { keepBodies: true, logger: quietLogger, now: at(10_000) })).attempted,
    ).toBe(0);
    expect(
      await deliverQueuedMail(use().db, smtp(), { keepBodies: true, logger: quietLogger, now: at(31_000) }),
    ).toMatchObject({
      sent: 1,
    });
    await catcher.waitFor((caught) => caught.to.includes(message.to));
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("gives up after the last attempt and marks the message failed", async () => {
    const down = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from: FROM });
    const id = await queueMail(use().db, resetMessage(`give-up-${use().kind}@example.com`));
    await use()
      .db.update(mailOutbox)
      .set({ attempts: MAX_MAIL_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, id));
    await deliverQueuedMail(use().db, down, { keepBodies: true, logger: quietLogger });
    expect(await rowOf(id)).toMatchObject({ status: "failed", attempts: MAX_MAIL_ATTEMPTS });
    expect((await deliverQueuedMail(use().db, smtp(), { keepBodies: true, logger: quietLogger })).attempted).toBe(0);
  });

  it("sends each message once when two workers drain the outbox at the same time", async () => {
    const recipients = Array.from({ length: 12 }, (_, index) => `concurrent-${use().kind}-${index}@example.com`);
    for (const to of recipients) await queueMail(use().db, resetMessage(to));
    const workers = [smtp(), smtp()].map((transport) =>
      deliverQueuedMail(use().db, transport, { keepBodies: true, logger: quietLogger, batchSize: 5 }),
    );
    const runs = await Promise.all(workers);
    const rest = await deliverQueuedMail(use().db, smtp(), { keepBodies: true, logger: quietLogger });
    expect(runs.reduce((sum, run) => sum + run.sent, rest.sent)).toBe(12);
    for (const to of recipients) await catcher.waitFor((caught) => caught.to.includes(to));
    for (const to of recipients) expect(catcher.messages.filter((caught) => caught.to.includes(to))).toHaveLength(1);
  });

  // On PostgreSQL a worker woken before the commit reads on another connection and finds nothing;
  // on PGlite its read waits for the transaction, so there this checks the wake-up path alone.
  it("wakes the worker when the transaction that queued a message commits, not before", async () => {
    const to = `committed-${use().kind}@example.com`;
    const worker = await startMailDelivery({
      intervalMs: 60 * 60_000, // within the test, only a wake-up can deliver the message
      listen: (channel, onNotify) => use().handle.listen(channel, onNotify),
      database: () => use().db,
      transport: smtp(),
      logger: quietLogger,
    });
    try {
      // Once this is delivered the worker has drained the outbox and sleeps for its interval.
      await queueMail(use().db, resetMessage(`first-${to}`));
      await catcher.waitFor((caught) => caught.to.includes(`first-${to}`));
      await use().db.transaction(async (tx) => {
        await queueMail(tx, resetMessage(to));
        // Time for a worker woken by the insert itself to look, find nothing committed and sleep.
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      await catcher.waitFor((caught) => caught.to.includes(to));
    } finally {
      await worker.stop();
    }
  });

  it("refuses a line break in the recipient or subject, queueing nothing", async () => {
    await expect(
      queueMail(use().db, { ...resetMessage("victim@example.com"), subject: "Hello\r\nBcc: attacker@example.com" }),
    ).rejects.toThrow(/line break/);
    await expect(queueMail(use().db, resetMessage("victim@example.com\nBcc: attacker@example.com"))).rejects.toThrow(
      /line break/,
    );
    const badHeaders: Record<string, string>[] = [
      { "List-Unsubscribe": "<https://x>\r\nBcc: attacker@example.com" },
      { "Bad Name:": "x" },
    ];
    for (const headers of badHeaders) {
      await expect(queueMail(use().db, { ...resetMessage("victim@example.com"), headers })).rejects.toThrow(/header/);
    }
    expect(await listOutbox(use().db, 50)).toEqual([]);
  });

  it("finds nothing for an unknown or malformed id", async () => {
    expect(await findOutboxMessage(use().db, "3f1c1a52-8a53-4c57-9d1e-2f3c4b5a6d7e")).toBeUndefined();
    expect(await findOutboxMessage(use().db, "not-a-uuid")).toBeUndefined();
  });
});
