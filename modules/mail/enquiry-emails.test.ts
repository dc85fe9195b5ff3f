import { describe, expect, it } from "vitest";
import { newEnquiryEmail, newMessageEmail } from "~/modules/mail/enquiry-emails";

const input = {
  siteName: "Laneway Rooms",
  url: "https://rooms.example/settings/enquiries/abc",
  listingTitle: "Sunny room <Carlton>",
  senderName: "Tia N.",
  message: `<script>alert(1)</script> ${"long ".repeat(100)}`,
};

describe("enquiry e-mails", () => {
  it("link to the thread, escape every value and carry only an excerpt", () => {
    for (const mail of [newEnquiryEmail(input), newMessageEmail(input)]) {
      expect(mail.html).toContain('href="https://rooms.example/settings/enquiries/abc"');
      expect(mail.text).toContain("https://rooms.example/settings/enquiries/abc");
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).toContain("&lt;script&gt;");
      expect(mail.text.length).toBeLessThan(2000);
    }
    expect(newEnquiryEmail(input).subject).toBe("New enquiry about Sunny room <Carlton>");
    expect(newMessageEmail(input).subject).toBe("New message about Sunny room <Carlton>");
  });

  it("never start a line with the sender's name, the title or the message", () => {
    const chosen = { ...input, senderName: "Verify your account", listingTitle: "Click here", message: "Pay now" };
    for (const mail of [newEnquiryEmail(chosen), newMessageEmail(chosen)]) {
      const lines = mail.text.split("\n").map((line) => line.trim());
      expect(lines.filter((line) => /^(Verify|Click|Pay)/.test(line))).toEqual([]);
      expect(mail.text).toMatch(
        /^New (enquiry|message) from Verify your account about “Click here”\. Their message:$/m,
      );
      expect(mail.text).toContain("“Pay now”");
    }
  });

  it("refuse a link that is not http(s)", () => {
    expect(() => newMessageEmail({ ...input, url: "javascript:alert(1)" })).toThrow();
  });
});
