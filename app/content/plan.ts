/** The landlord plan. */
export const PROFESSIONAL_PLAN = {
  name: "Professional Plan",
  priceText: "$49.99",
  period: "per month",
  trialDays: 14,
  features: [
    "Unlimited listings",
    "Management tools",
    "AI description generation",
    "AI image selection",
    "Verified tenant database",
    "Analytics",
    "Priority support",
    "Automated tenant screening",
  ],
} as const;

/** Shown instead of a checkout until online payments are switched on. */
export const CHECKOUT_UNAVAILABLE =
  "Online checkout for the Professional Plan is not available yet. Contact us and we'll set up your landlord account.";
