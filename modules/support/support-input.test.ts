import { describe, expect, it } from "vitest";
import {
  parseSupportAnswer,
  parseSupportRequest,
  SUBJECT_MAX_LENGTH,
  SUPPORT_TEXT_MAX_LENGTH,
} from "~/modules/support/support-input";

const form = (values: Record<string, string>) => new Map(Object.entries(values));

describe("parseSupportRequest", () => {
  it("accepts a subject and message, with or without a listing", () => {
    expect(parseSupportRequest(form({ subject: " Photos ", message: " How do I reorder? " }))).toEqual({
      success: true,
      data: { subject: "Photos", message: "How do I reorder?", listingId: null },
    });
    const listingId = "6f1c1f0e-3b7a-4d4e-9a57-1c2d3e4f5a6b";
    expect(parseSupportRequest(form({ subject: "a", message: "b", listingId }))).toMatchObject({
      success: true,
      data: { listingId },
    });
  });

  it("refuses empty, huge or multi-line input with clear messages", () => {
    expect(parseSupportRequest(form({ subject: " ", message: "" }))).toMatchObject({
      success: false,
      errors: { subject: "Please enter a subject.", message: "Please describe what you need help with." },
    });
    expect(
      parseSupportRequest(
        form({ subject: "s".repeat(SUBJECT_MAX_LENGTH + 1), message: "m".repeat(SUPPORT_TEXT_MAX_LENGTH + 1) }),
      ),
    ).toMatchObject({
      success: false,
      errors: {
        subject: "The subject must be at most 150 characters.",
        message: "Your message must be at most 5,000 characters.",
      },
    });
    expect(parseSupportRequest(form({ subject: "a\nBcc: x@example.com", message: "b" }))).toMatchObject({
      errors: { subject: "The subject must be on one line." },
    });
    expect(parseSupportRequest(form({ subject: "a", message: "b", listingId: "1 or 1=1" }))).toMatchObject({
      errors: { listingId: "Please choose one of your listings." },
    });
  });
});

describe("parseSupportAnswer", () => {
  it("needs some text, not too much", () => {
    expect(parseSupportAnswer(form({ answer: " Done. " }))).toEqual({ success: true, answer: "Done." });
    expect(parseSupportAnswer(form({ answer: "" }))).toEqual({ success: false, error: "Please write an answer." });
    expect(parseSupportAnswer(form({ answer: "x".repeat(SUPPORT_TEXT_MAX_LENGTH + 1) }))).toEqual({
      success: false,
      error: "The answer must be at most 5,000 characters.",
    });
  });
});
