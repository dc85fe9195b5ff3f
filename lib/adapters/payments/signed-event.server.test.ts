import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { PaymentSignatureError } from "~/lib/adapters/payments/payments-adapter";
import { verifySignedEvent } from "~/lib/adapters/payments/signed-event.server";

const SECRET = "whsec_signed_event_test";
const NOW_MS = 1_800_000_000_000;
const NOW = NOW_MS / 1000;
const payload = JSON.stringify({
  id: "evt_signed_1",
  object: "event",
  type: "customer.subscription.updated",
  data: { object: { object: "subscription", id: "sub_1", customer: "cus_1" } },
});
const signedAt = (timestamp: number, body = payload) =>
  Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET, timestamp });

describe("verifySignedEvent", () => {
  it("reads an event signed up to 300 seconds before or after now", () => {
    for (const timestamp of [NOW - 300, NOW, NOW + 300]) {
      expect(verifySignedEvent(payload, signedAt(timestamp), SECRET, NOW_MS)).toEqual({
        id: "evt_signed_1",
        type: "customer.subscription.updated",
        customerId: "cus_1",
      });
    }
  });

  it("refuses an event signed more than 300 seconds in the past or in the future", () => {
    for (const timestamp of [NOW - 301, NOW + 301, NOW + 86_400 * 365]) {
      expect(() => verifySignedEvent(payload, signedAt(timestamp), SECRET, NOW_MS)).toThrow(
        new PaymentSignatureError("Timestamp outside the tolerance zone"),
      );
    }
  });

  it("judges the timestamp that was signed when the header repeats t=", () => {
    const future = signedAt(NOW + 3600);
    // The SDK reads the last t=, so a current one put first changes nothing.
    expect(() => verifySignedEvent(payload, `t=${NOW},${future}`, SECRET, NOW_MS)).toThrow(PaymentSignatureError);
  });

  it("refuses a wrong secret, a changed body and a header without a usable timestamp", () => {
    const valid = signedAt(NOW);
    expect(() => verifySignedEvent(payload, signedAt(NOW).replace(/v1=\w+/, "v1=00"), SECRET, NOW_MS)).toThrow(
      PaymentSignatureError,
    );
    expect(() => verifySignedEvent(payload.replace("sub_1", "sub_2"), valid, SECRET, NOW_MS)).toThrow(
      PaymentSignatureError,
    );
    expect(() => verifySignedEvent(payload, valid, "whsec_other", NOW_MS)).toThrow(PaymentSignatureError);
    expect(() => verifySignedEvent(payload, valid.replace(/t=\d+/, "t=soon"), SECRET, NOW_MS)).toThrow(
      PaymentSignatureError,
    );
  });
});
