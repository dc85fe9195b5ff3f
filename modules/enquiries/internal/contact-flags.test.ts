import { describe, expect, it } from "vitest";
import { contactFlag } from "~/modules/enquiries/internal/contact-flags";

describe("contactFlag", () => {
  it("passes an ordinary enquiry", () => {
    expect(
      contactFlag("Hi, I'm a student at RMIT. Could I move in on 1 March for 6 months? Rent $350 is fine."),
    ).toBeNull();
  });

  it("flags links, e-mail addresses and phone numbers", () => {
    expect(contactFlag("See https://example.com/deposit")).toBe("First message contains a link");
    expect(contactFlag("pay at www.deposit-now.example")).toBe("First message contains a link");
    expect(contactFlag("write to me: alex@example.org")).toContain("e-mail address");
    expect(contactFlag("call 0411 222 333")).toBe("First message contains a phone number");
    expect(contactFlag("ring +61 (3) 9000-1234")).toBe("First message contains a phone number");
  });
});
