import { describe, expect, it } from "vitest";
import { referenceRequestEmail } from "~/modules/mail/renter-profile-emails";

describe("reference request e-mail", () => {
  it("names the renter and the relationship, links the one-click confirm, and escapes the renter's words", () => {
    const mail = referenceRequestEmail({
      siteName: "Laneway Rooms",
      url: "https://rooms.example/reference/abc.def",
      renterName: "Mai Tran",
      refereeName: "Ann",
      relationship: '<a href="https://evil.example">Verify</a>',
      expiresInDays: 30,
    });
    expect(mail.subject).toBe("Mai Tran named you as a reference");
    expect(mail.text).toContain("https://rooms.example/reference/abc.def");
    expect(mail.text).toContain("The link works once and expires in 30 days.");
    expect(mail.html).not.toContain('<a href="https://evil.example">');
    expect(mail.html).toContain("&lt;a href=");
    // The renter's words are quoted inside our sentence, never a line of their own.
    const lines = mail.text.split("\n").map((line) => line.trim());
    expect(lines.filter((line) => line.startsWith("<a"))).toEqual([]);
  });
});
