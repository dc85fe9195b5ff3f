import { describe, expect, it } from "vitest";
import { formatAvailability, formatAvailableDate, melbourneToday } from "~/modules/listings/availability-text";
import {
  cardExcerpt,
  formatRoomTotal,
  formatWeeklyRent,
  splitDescription,
  stripEmoji,
} from "~/modules/listings/listing-text";

describe("splitDescription", () => {
  it("takes the first line as features and keeps the line breaks of the rest", () => {
    expect(splitDescription("Ensuite · Bills included\nLine one\n\nLine three")).toEqual({
      features: "Ensuite · Bills included",
      details: "Line one\n\nLine three",
    });
  });

  it("skips leading blank lines, handles CRLF and empty text", () => {
    expect(splitDescription("\r\n  Features\r\nDetails")).toEqual({ features: "Features", details: "Details" });
    expect(splitDescription("")).toEqual({ features: "", details: "" });
    expect(splitDescription("Only a summary")).toEqual({ features: "Only a summary", details: "" });
  });
});

describe("cardExcerpt", () => {
  it("keeps details that fit, and cuts longer ones at a space with an ellipsis", () => {
    expect(cardExcerpt("Short details.", 20)).toBe("Short details.");
    expect(cardExcerpt("Bright room above the lane, two minutes to trams", 30)).toBe("Bright room above the lane,…");
    // One long word: cut inside it rather than keep almost nothing.
    expect(cardExcerpt(`Room ${"x".repeat(40)}`, 20)).toBe(`Room ${"x".repeat(15)}…`);
    const long = "Lovely light. ".repeat(800);
    expect(cardExcerpt(long).length).toBeLessThanOrEqual(401);
  });
});

describe("stripEmoji", () => {
  it("removes emoji, flags and modifiers and tidies spaces", () => {
    expect(stripEmoji("🌇 Sunny room ✨ in Southbank")).toBe("Sunny room in Southbank");
    expect(stripEmoji("Room near MCG 🏏🇦🇺")).toBe("Room near MCG");
    expect(stripEmoji("Plain title #1")).toBe("Plain title #1");
  });
});

describe("formatting", () => {
  it("formats weekly rent in AUD with cents only when there are any", () => {
    expect(formatWeeklyRent(420)).toBe("$420/week");
    expect(formatWeeklyRent(385.5)).toBe("$385.50/week");
    expect(formatWeeklyRent(1250)).toBe("$1,250/week");
  });

  it("groups a search's total in thousands, and marks a capped one with '+'", () => {
    expect(formatRoomTotal(7, true)).toBe("7");
    expect(formatRoomTotal(178_479, true)).toBe("178,479");
    expect(formatRoomTotal(1000, false)).toBe("1,000+");
  });

  it("formats a date-only value without shifting the day", () => {
    expect(formatAvailableDate("2026-12-01")).toBe("1 December 2026");
  });

  it("reads today in Melbourne, which is ahead of UTC", () => {
    // 2 pm UTC on 27 November is 1 am on the 28th in Melbourne (daylight saving, UTC+11).
    expect(melbourneToday(new Date("2026-11-27T14:00:00Z"))).toBe("2026-11-28");
    expect(melbourneToday(new Date("2026-06-30T13:59:00Z"))).toBe("2026-06-30");
  });

  it("says 'Available now' for a date today or earlier, else the date", () => {
    expect(formatAvailability("2026-11-13", "2026-11-28")).toBe("Available now");
    expect(formatAvailability("2026-11-28", "2026-11-28")).toBe("Available now");
    expect(formatAvailability("2026-11-29", "2026-11-28")).toBe("Available from: 29 November 2026");
  });
});
