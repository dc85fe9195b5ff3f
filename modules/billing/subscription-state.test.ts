import { describe, expect, it } from "vitest";
import type { ProviderSubscription } from "~/lib/adapters/payments/payments-adapter";
import { currentSubscription, derivedStatus } from "~/modules/billing/subscription-state";

const subscription = (id: string, status: ProviderSubscription["status"], created: string): ProviderSubscription => ({
  id,
  customerId: "cus_1",
  status,
  created: new Date(created),
  startDate: new Date(created),
  priceId: "price_1",
  amountCents: 4999,
  currency: "aud",
  interval: "month",
  trialEnd: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  endedAt: null,
  card: null,
});

describe("subscription state", () => {
  it("maps the provider's statuses to ours", () => {
    expect(derivedStatus("trialing")).toBe("active");
    expect(derivedStatus("active")).toBe("active");
    expect(derivedStatus("past_due")).toBe("active");
    expect(derivedStatus("unpaid")).toBe("suspended");
    expect(derivedStatus("paused")).toBe("suspended");
    expect(derivedStatus("canceled")).toBe("cancelled");
    expect(derivedStatus("incomplete")).toBeNull();
    expect(derivedStatus("incomplete_expired")).toBeNull();
  });

  it("a live subscription decides over a newer ended one; otherwise the newest", () => {
    const live = subscription("sub_live", "active", "2026-01-01");
    const ended = subscription("sub_old", "canceled", "2026-03-01");
    expect(currentSubscription([ended, live])?.id).toBe("sub_live");
    expect(currentSubscription([subscription("a", "canceled", "2026-01-01"), ended])?.id).toBe("sub_old");
    expect(currentSubscription([])).toBeNull();
  });
});
