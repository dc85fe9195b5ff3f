import { describe, expect, it } from "vitest";
import { checkCard } from "~/lib/adapters/payments/sandbox-payments.server";

const card = (number: string, expiry = "12 / 34", cvc = "123", name = "Sam Nguyen") => ({ number, expiry, cvc, name });
const now = new Date("2026-11-24T00:00:00Z");

describe("sandbox test cards", () => {
  it("accepts 4242…, declines 4000 0000 0000 0002, and checks number, expiry, CVC and name", () => {
    expect(checkCard(card("4242 4242 4242 4242"), now)).toEqual({ ok: true, brand: "visa", last4: "4242" });
    expect(checkCard(card("4000 0000 0000 0002"), now)).toEqual({ ok: false, reason: "Your card was declined." });
    expect(checkCard(card("4242 4242 4242 4241"), now)).toMatchObject({ reason: "Your card number is invalid." });
    expect(checkCard(card("4242 4242 4242 4242", "10/26"), now)).toMatchObject({ reason: "Your card has expired." });
    expect(checkCard(card("4242 4242 4242 4242", "13/30"), now)).toMatchObject({
      reason: "Your card's expiry date is invalid.",
    });
    expect(checkCard(card("4242 4242 4242 4242", "12/34", "1"), now)).toMatchObject({
      reason: "Your card's security code is invalid.",
    });
    expect(checkCard(card("4242 4242 4242 4242", "12/34", "123", " "), now)).toMatchObject({
      reason: "Enter the name on the card.",
    });
  });
});
