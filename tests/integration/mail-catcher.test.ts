import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, type MailCatcher } from "~/tests/support/mail-catcher";

describe("mail catcher (test helper)", () => {
  let catcher: MailCatcher;
  beforeAll(async () => {
    catcher = await startMailCatcher();
  });
  afterAll(async () => {
    await catcher.close();
  });

  it("receives a message sent over SMTP and parses subject, text and html", async () => {
    const transport = nodemailer.createTransport(catcher.url);
    await transport.sendMail({
      from: "Laneway Rooms <hello@lanewayrooms.example>",
      to: "Tenant@Example.com",
      subject: "Confirm your e-mail",
      text: "Open https://example.test/verify?token=abc",
      html: "<p>Open <a href='https://example.test/verify?token=abc'>this link</a></p>",
    });
    const mail = await catcher.waitFor((message) => message.to.includes("tenant@example.com"));
    expect(mail.subject).toBe("Confirm your e-mail");
    expect(mail.text).toContain("token=abc");
    expect(mail.html).toContain("<a href");
    expect(mail.from).toBe("hello@lanewayrooms.example");
  });

  it("rejects the wait when no matching message arrives", async () => {
    await expect(catcher.waitFor((message) => message.subject === "never sent", 200)).rejects.toThrow(
      /no matching e-mail/,
    );
  });
});
