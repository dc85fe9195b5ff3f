import { describe, expect, it } from "vitest";
import { monthlyCents, subscriptionMetrics, type SubscriptionRecord } from "~/modules/billing/subscription-metrics";

const now = new Date("2026-12-01T00:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);
const record = (fields: Partial<SubscriptionRecord>): SubscriptionRecord => ({
  providerStatus: "active",
  amountCents: 4999,
  currency: "aud",
  interval: "month",
  trialEnd: null,
  endedAt: null,
  ...fields,
});

describe("monthlyCents", () => {
  it("turns a price per interval into a monthly amount", () => {
    expect(monthlyCents(4999, "month")).toBe(4999);
    expect(monthlyCents(59_988, "year")).toBe(4999);
    expect(monthlyCents(1200, "week")).toBe(5200);
    expect(monthlyCents(100, "day")).toBe(3042);
    expect(monthlyCents(100, "fortnight")).toBeNull();
    expect(monthlyCents(100, null)).toBeNull();
  });
});

describe("subscriptionMetrics", () => {
  it("is empty without subscriptions", () => {
    expect(subscriptionMetrics([], now)).toEqual({
      paying: 0,
      trials: 0,
      churned: 0,
      churnRate: null,
      mrr: [],
      windowDays: 30,
    });
  });

  it("counts paying, trials, MRR per currency and churn in the window", () => {
    const metrics = subscriptionMetrics(
      [
        record({}),
        record({ providerStatus: "past_due" }),
        record({ interval: "year", amountCents: 59_988 }),
        // Cancels at the period's end: still paying until it ends.
        record({ providerStatus: "active" }),
        record({ currency: "usd", amountCents: 3000 }),
        // Trials count as trials, not revenue.
        record({ providerStatus: "trialing", trialEnd: daysAgo(-5) }),
        // Ended 10 days ago after paying: churned.
        record({ providerStatus: "canceled", endedAt: daysAgo(10), trialEnd: daysAgo(60) }),
        // Ended 40 days ago: outside the window.
        record({ providerStatus: "canceled", endedAt: daysAgo(40) }),
        // Ended during its trial: not churn.
        record({ providerStatus: "canceled", trialEnd: daysAgo(1), endedAt: daysAgo(3) }),
        // Incomplete: neither.
        record({ providerStatus: "incomplete" }),
      ],
      now,
    );
    expect(metrics).toEqual({
      paying: 5,
      trials: 1,
      churned: 1,
      churnRate: 1 / 6,
      mrr: [
        { currency: "AUD", cents: 4999 * 4 },
        { currency: "USD", cents: 3000 },
      ],
      windowDays: 30,
    });
  });
});
