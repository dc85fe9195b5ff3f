/** Billing dates and amounts as the product shows them: en-AU, Melbourne time. */

const dateFormat = new Intl.DateTimeFormat("en-AU", { dateStyle: "long", timeZone: "Australia/Melbourne" });

export function formatBillingDate(date: Date): string {
  return dateFormat.format(date);
}

export function formatAmount(cents: number, currency = "aud"): string {
  return new Intl.NumberFormat("en-AU", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}
