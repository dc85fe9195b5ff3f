import { describe, expect, it } from "vitest";
import { MESSAGE_MAX_LENGTH, parseEnquiry, parseMessage } from "~/modules/enquiries/enquiry-input";

const TODAY = "2026-11-24";
const form = (values: Record<string, string>) => new URLSearchParams(values);
const valid = { moveInDate: "2026-12-01", leaseMonths: "6", message: "  Hello there  ", phone: "" };

describe("parseEnquiry", () => {
  it("accepts a complete enquiry, trimmed, with an empty phone as null", () => {
    expect(parseEnquiry(form(valid), TODAY)).toEqual({
      success: true,
      data: { moveInDate: "2026-12-01", leaseMonths: 6, message: "Hello there", phone: null },
    });
    const withPhone = parseEnquiry(form({ ...valid, phone: " +61 (3) 9000-0000 " }), TODAY);
    expect(withPhone.success && withPhone.data.phone).toBe("+61 (3) 9000-0000");
  });

  it("reports the first problem of every field and echoes the values sent", () => {
    const result = parseEnquiry(form({ moveInDate: "", leaseMonths: "", message: "   ", phone: "abc" }), TODAY);
    expect(result).toEqual({
      success: false,
      errors: {
        moveInDate: "Please choose your move-in date.",
        leaseMonths: "Please choose a lease length.",
        message: "Please write a message.",
        phone: "Please enter a valid phone number, or leave it empty.",
      },
      values: { moveInDate: "", leaseMonths: "", message: "   ", phone: "abc" },
    });
  });

  it.each([
    ["moveInDate", "2026-11-23", "Please choose a move-in date from today onwards."],
    ["moveInDate", "2027-02-30", "Please choose a move-in date from today onwards."],
    ["leaseMonths", "2", "Please choose a lease length between 3 and 12 months."],
    ["leaseMonths", "13", "Please choose a lease length between 3 and 12 months."],
    ["leaseMonths", "6.5", "Please choose a lease length between 3 and 12 months."],
    ["message", "x".repeat(MESSAGE_MAX_LENGTH + 1), "Your message must be at most 4,000 characters."],
    ["phone", "12345", "Please enter a valid phone number, or leave it empty."],
    ["phone", "1".repeat(16), "Please enter a valid phone number, or leave it empty."],
  ])("refuses %s = %s", (field, value, message) => {
    const result = parseEnquiry(form({ ...valid, [field]: value }), TODAY);
    expect(result.success ? {} : result.errors).toEqual({ [field]: message });
  });
});

describe("parseMessage", () => {
  it("trims a reply and refuses an empty or overlong one", () => {
    expect(parseMessage(form({ message: " Thanks " }))).toEqual({ success: true, body: "Thanks" });
    expect(parseMessage(form({ message: " " }))).toEqual({ success: false, error: "Please write a message." });
    expect(parseMessage(form({ message: "x".repeat(MESSAGE_MAX_LENGTH + 1) })).success).toBe(false);
  });
});
