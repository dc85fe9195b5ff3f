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
