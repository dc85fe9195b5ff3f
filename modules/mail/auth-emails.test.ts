import { describe, expect, it } from "vitest";
import {
  accountUnderAttackEmail,
  magicLinkEmail,
  passwordChangedEmail,
  passwordResetEmail,
  signInCodeEmail,
  accountDeletionCodeEmail,
  twoFactorDisabledEmail,
  twoFactorEnabledEmail,
  verificationEmail,
  type EmailContent,
} from "~/modules/mail/auth-emails";

const SITE = "Laneway Rooms";
const URL_WITH_QUERY = "https://lanewayrooms.example/auth/confirm?type=email&token=abc123";
const SUPPORT = "https://lanewayrooms.example/contact";
const CODE_SIGN_IN = "https://lanewayrooms.example/auth?view=verify_otp";

/** The href of every link in an HTML body, unescaped. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((match) => (match[1] ?? "").replaceAll("&amp;", "&"));
}

const ALL: [string, EmailContent, string][] = [
  ["verification", verificationEmail({ siteName: SITE, url: URL_WITH_QUERY }), URL_WITH_QUERY],
  ["magic link", magicLinkEmail({ siteName: SITE, url: URL_WITH_QUERY }), URL_WITH_QUERY],
  ["password reset", passwordResetEmail({ siteName: SITE, url: URL_WITH_QUERY }), URL_WITH_QUERY],
  ["password changed", passwordChangedEmail({ siteName: SITE, supportUrl: SUPPORT }), SUPPORT],
  ["two-factor enabled", twoFactorEnabledEmail({ siteName: SITE, supportUrl: SUPPORT }), SUPPORT],
  ["two-factor disabled", twoFactorDisabledEmail({ siteName: SITE, supportUrl: SUPPORT }), SUPPORT],
  [
    "account under attack",
    accountUnderAttackEmail({ siteName: SITE, codeUrl: CODE_SIGN_IN, minutes: 15 }),
    CODE_SIGN_IN,
  ],
];

describe("account e-mails", () => {
  it.each(ALL)("%s: both parts carry the link, the HTML as button and as copyable text", (_name, mail, url) => {
    expect(mail.text).toContain(url);
    expect(hrefs(mail.html)).toEqual([url, url]);
    // The visible copy of the URL is escaped text, not raw markup.
    expect(mail.html).toContain(url.replaceAll("&", "&amp;"));
  });

  it.each(ALL)("%s: a complete, branded, accessible document", (_name, mail) => {
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="en"/);
    expect(mail.html).toContain(`<title>${mail.subject}</title>`);
    expect(mail.html).toContain('role="presentation"');
    expect(mail.html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(mail.html).toContain(SITE);
    expect(mail.text).toContain(`—\n${SITE}`);
    expect(mail.text).not.toMatch(/<[a-z]/i);
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it("uses the subjects the product promises", () => {
    expect(verificationEmail({ siteName: SITE, url: URL_WITH_QUERY }).subject).toBe("Confirm your e-mail address");
    // Says plainly that the address was used to register, and that confirming signs nobody in.
    expect(verificationEmail({ siteName: SITE, url: URL_WITH_QUERY }).text).toContain(
      `This address was used to register a ${SITE} account.`,
    );
    expect(verificationEmail({ siteName: SITE, url: URL_WITH_QUERY }).text).toContain(
      "Confirming does not sign you in",
    );
    expect(magicLinkEmail({ siteName: SITE, url: URL_WITH_QUERY }).subject).toBe("Your sign-in link for Laneway Rooms");
    expect(signInCodeEmail({ siteName: SITE, code: "123456" }).subject).toBe("Your Laneway Rooms sign-in code");
    expect(passwordResetEmail({ siteName: SITE, url: URL_WITH_QUERY }).subject).toBe("Reset your password");
    expect(passwordChangedEmail({ siteName: SITE, supportUrl: SUPPORT }).subject).toBe("Your password was changed");
    expect(twoFactorEnabledEmail({ siteName: SITE, supportUrl: SUPPORT }).subject).toBe(
      "Two-factor authentication is on",
    );
  });

  it("tells the owner of an attacked account that password sign-in is paused and an e-mailed code still works", () => {
    const mail = accountUnderAttackEmail({ siteName: SITE, codeUrl: CODE_SIGN_IN, minutes: 15 });
    expect(mail.subject).toBe("Your Laneway Rooms account is being attacked");
    expect(mail.text).toContain("signing in with a password is paused for up to 15 minutes");
    expect(mail.text).toContain("You can still sign in straight away with a one-time code sent to this address:");
    expect(mail.text).toContain("at most once every 15 minutes");
  });

  it("states how long links and codes last", () => {
    for (const mail of [verificationEmail({ siteName: SITE, url: URL_WITH_QUERY })]) {
      expect(mail.text).toContain("This link expires in 24 hours.");
      expect(mail.html).toContain("This link expires in 24 hours.");
    }
    for (const mail of [
      magicLinkEmail({ siteName: SITE, url: URL_WITH_QUERY }),
      passwordResetEmail({ siteName: SITE, url: URL_WITH_QUERY }),
    ]) {
      expect(mail.text).toContain("This link expires in 15 minutes and can be used once.");
      expect(mail.html).toContain("This link expires in 15 minutes and can be used once.");
    }
    expect(signInCodeEmail({ siteName: SITE, code: "123456" }).text).toContain("expires in 15 minutes");
  });

  it("sends the account-deletion code with its purpose, expiry and a way out", () => {
    const mail = accountDeletionCodeEmail({ siteName: SITE, code: "042917" });
    expect(mail.subject).toBe("Your code to delete your Laneway Rooms account");
    expect(mail.text).toMatch(/\n\n042917\n\n/);
    expect(mail.text).toContain("expires in 15 minutes and can be used once");
    expect(mail.text).toContain("If you didn't ask to delete your account, you can ignore this e-mail");
    expect(mail.html).not.toContain("href=");
  });

  it("shows the sign-in code prominently in both parts", () => {
    const mail = signInCodeEmail({ siteName: SITE, code: "042917" });
    expect(mail.text).toMatch(/\n\n042917\n\n/);
    expect(mail.html).toMatch(/font-size:32px[^>]*>042917<\/p>/);
    expect(mail.html).not.toContain("href=");
  });

  it("greets by first name when given, escaped in HTML and kept on one line in text", () => {
    const mail = verificationEmail({ siteName: SITE, url: URL_WITH_QUERY, firstName: "Zoë <b>\r\nBcc: x@evil" });
    expect(mail.html).toContain("Hi Zoë &lt;b&gt; Bcc: x@evil,");
    expect(mail.html).not.toContain("<b>");
    expect(mail.text).toContain("Hi Zoë <b> Bcc: x@evil,\n");
    expect(verificationEmail({ siteName: SITE, url: URL_WITH_QUERY }).text).toMatch(/^Hi,\n/);
  });

  it("escapes the site name, URLs and codes", () => {
    const siteName = `Rooms & "Co" <script>alert(1)</script>`;
    const url = `https://example.test/a?x="><img src=x onerror=alert(1)>&y='z'`;
    const mails = [
      verificationEmail({ siteName, url }),
      magicLinkEmail({ siteName, url }),
      passwordResetEmail({ siteName, url }),
      passwordChangedEmail({ siteName, supportUrl: url }),
      twoFactorEnabledEmail({ siteName, supportUrl: url }),
      signInCodeEmail({ siteName, code: `<img src=x onerror=alert(1)>` }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toMatch(/<script|<img|onerror=alert\(1\)>/);
      expect(mail.html).toContain("Rooms &amp; &quot;Co&quot; &lt;script&gt;");
      // Every attribute value stays inside its quotes.
      expect(mail.html).not.toMatch(/href="[^"]*"[^ >]/);
    }
  });

  it("refuses links that are not http(s)", () => {
    expect(() => magicLinkEmail({ siteName: SITE, url: "javascript:alert(1)" })).toThrow(/http\(s\)/);
    expect(() => passwordResetEmail({ siteName: SITE, url: "/relative" })).toThrow(/Not a URL/);
    expect(() => passwordChangedEmail({ siteName: SITE, supportUrl: "data:text/html,hi" })).toThrow(/http\(s\)/);
  });
});
