import { describe, expect, it } from "vitest";
import { savedSearchAlertEmail } from "~/modules/mail/saved-search-emails";

describe("saved-search alert e-mail", () => {
  it("quotes each listing title, so a landlord's title never reads as our own words", () => {
    const mail = savedSearchAlertEmail({
      siteName: "Laneway Rooms",
      searchName: "Carlton",
      searchUrl: "https://rooms.example/search?suburb=Carlton",
      unsubscribeUrl: "https://rooms.example/unsubscribe/token",
      newListings: [{ title: "Verify your\naccount", detail: "$320 per week", url: "https://rooms.example/listing/1" }],
      moreNew: 0,
      changes: [{ title: "Pay here", detail: "now $300 per week", url: "https://rooms.example/listing/2" }],
      moreChanges: 0,
    });
    expect(mail.text).toContain("• “Verify your account” ($320 per week): https://rooms.example/listing/1");
    expect(mail.text).toContain("• “Pay here” (now $300 per week): https://rooms.example/listing/2");
    expect(mail.text.split("\n").filter((line) => /^(Verify|Pay)/.test(line.trim()))).toEqual([]);
  });
});
