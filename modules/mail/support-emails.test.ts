import { describe, expect, it } from "vitest";
import { newSupportRequestEmail, supportAnswerEmail } from "~/modules/mail/support-emails";

const request = {
  siteName: "Laneway Rooms",
  url: "https://rooms.example/admin/support/abc",
  senderName: "Lou Park",
  senderEmail: "lou@example.com",
  subject: "Click here <b>now</b>",
  message: "<script>alert(1)</script>",
  listingTitle: "Sunny room",
  promise: "1 business day",
};

describe("support e-mails", () => {
  it("tell staff about a request, marked priority when it is, escaped", () => {
    const mail = newSupportRequestEmail(request);
    expect(mail.subject).toBe("Priority support request: Click here <b>now</b>");
    expect(mail.text).toContain("first answer within 1 business day");
    expect(mail.text).toContain("https://rooms.example/admin/support/abc");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    const lines = mail.text.split("\n").map((line) => line.trim());
    expect(lines.filter((line) => /^(Click|<script)/.test(line))).toEqual([]);
    expect(newSupportRequestEmail({ ...request, promise: null, listingTitle: null }).subject).toBe(
      "Support request: Click here <b>now</b>",
    );
  });

  it("carry the answer to the person who asked", () => {
    const mail = supportAnswerEmail({
      siteName: "Laneway Rooms",
      url: "https://rooms.example/settings/help",
      subject: "Photos",
      answer: "Drag them into order.",
    });
    expect(mail.subject).toBe("Your support request has been answered: Photos");
    expect(mail.text).toContain("“Drag them into order.”");
    expect(mail.text).toContain("https://rooms.example/settings/help");
  });
});
