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

/** Where a landlord on the plan finds a feature: the screen that delivers it, named on the plan card. */
export const FEATURE_SCREENS: Partial<Record<(typeof PROFESSIONAL_PLAN.features)[number], string>> = {
  "Management tools": "Settings › Properties",
  "AI description generation": "“Enhance with AI” on the listing form",
  "AI image selection": "Properties › Photos",
  "Verified tenant database": "Settings › Find Renters",
  Analytics: "Settings › Analytics",
  "Priority support": "Settings › Help",
  "Automated tenant screening": "Settings › Enquiries",
};

/** Said instead of the trial to someone who has had a subscription before: the trial is once per customer. */
export const FREE_TRIAL_USED = "Your free trial has been used";

/** The plan's trial terms for a viewer: the trial's length, or that it has been used (0 days). */
export function trialTerms(freeTrialDays: number): string {
  return freeTrialDays > 0 ? `${freeTrialDays}-day free trial` : FREE_TRIAL_USED;
}
