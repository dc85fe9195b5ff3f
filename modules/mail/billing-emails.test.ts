import { describe, expect, it } from "vitest";
import { subscriptionEndedEmail } from "~/modules/mail/billing-emails";

describe("billing e-mails", () => {
  it("the suspension e-mail names the listings and the date, escaped in HTML", () => {
    const mail = subscriptionEndedEmail({
      siteName: "Laneway Rooms",
      billingUrl: "https://rooms.example/settings/billing",
      kind: "suspended",
      date: "24 November 2026",
      listingTitles: ["Room <b>one</b>", "Room two"],
    });
    expect(mail.subject).toBe("Your Professional Plan is suspended");
    expect(mail.text).toContain("• Room <b>one</b>");
    expect(mail.text).toContain("From 24 November 2026 these listings are hidden from public search");
    expect(mail.html).toContain("Room &lt;b&gt;one&lt;/b&gt;");
    expect(mail.html).toContain("https://rooms.example/settings/billing");
  });
});
