import { describe, expect, it } from "vitest";
import { mayHaveSubscriptionNotice, subscriptionNotice } from "~/modules/billing/subscription-notice";

describe("subscriptionNotice", () => {
  it("warns anyone whose active plan has a failed payment the provider is retrying", () => {
    expect(subscriptionNotice({ role: "landlord", status: "active", providerStatus: "past_due" })?.kind).toBe(
      "past-due",
    );
    expect(subscriptionNotice({ role: "staff", status: "active", providerStatus: "past_due" })?.kind).toBe("past-due");
  });

  it("says nothing while the plan is in good standing", () => {
    for (const providerStatus of ["active", "trialing", null]) {
      expect(subscriptionNotice({ role: "landlord", status: "active", providerStatus })).toBeNull();
    }
  });

  it("explains a suspended or ended plan to a landlord, whatever the provider last said", () => {
    expect(subscriptionNotice({ role: "landlord", status: "suspended", providerStatus: "unpaid" })).toMatchObject({
      kind: "suspended",
      action: "Update payment method",
    });
    // An admin override with no provider subscription behind it is explained the same way.
    expect(subscriptionNotice({ role: "landlord", status: "cancelled", providerStatus: null })).toMatchObject({
      kind: "cancelled",
      action: "Subscribe again",
    });
  });

  it("leaves tenants without a plan, and staff and admins (who keep their rights), alone", () => {
    expect(subscriptionNotice({ role: "tenant", status: "inactive", providerStatus: null })).toBeNull();
    expect(subscriptionNotice({ role: "tenant", status: "cancelled", providerStatus: "canceled" })).toBeNull();
    expect(subscriptionNotice({ role: "admin", status: "suspended", providerStatus: "unpaid" })).toBeNull();
    expect(subscriptionNotice({ role: "landlord", status: "inactive", providerStatus: null })).toBeNull();
  });

  it("skips the lookup for viewers who can have no notice", () => {
    expect(mayHaveSubscriptionNotice({ role: "tenant", status: "inactive" })).toBe(false);
    expect(mayHaveSubscriptionNotice({ role: "landlord", status: "active" })).toBe(true);
    expect(mayHaveSubscriptionNotice({ role: "landlord", status: "suspended" })).toBe(true);
  });
});
