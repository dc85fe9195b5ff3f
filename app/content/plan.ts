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

/** Said instead of the trial to someone who has had a subscription before: the trial is once per customer. */
export const FREE_TRIAL_USED = "Your free trial has been used";

/** The plan's trial terms for a viewer: the trial's length, or that it has been used (0 days). */
export function trialTerms(freeTrialDays: number): string {
  return freeTrialDays > 0 ? `${freeTrialDays}-day free trial` : FREE_TRIAL_USED;
}
