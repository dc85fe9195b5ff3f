import { email, type EmailContent } from "~/modules/mail/auth-emails";

/**
 * The subscription e-mails. Dates arrive formatted (en-AU, Melbourne time) and listing titles as
 * they are stored; the layout escapes every value.
 */

interface Common {
  siteName: string;
  /** /settings/billing on this site. */
  billingUrl: string;
}

const reason = (siteName: string) =>
  `You received this e-mail because you subscribe to the ${siteName} Professional Plan.`;

function listingLines(titles: string[]): string[] {
  if (titles.length === 0) return [];
  const shown = titles.slice(0, 20).map((title) => `• ${title.replace(/\s+/g, " ").trim()}`);
  if (titles.length > shown.length) shown.push(`• and ${titles.length - shown.length} more`);
  return shown;
}

export function subscriptionStartedEmail({
  siteName,
  billingUrl,
  trialEnd,
}: Common & { trialEnd: string | null }): EmailContent {
  return email({
    siteName,
    subject: "Your Professional Plan has started",
    preview: "You can list your rooms now.",
    heading: "Welcome to the Professional Plan",
    paragraphs: [
      "Your landlord account is active: you can list rooms, edit them and create API keys.",
      trialEnd
        ? `Your free trial runs until ${trialEnd}. We'll remind you three days before it ends.`
        : "Your plan renews every month until you cancel.",
    ],
    action: { label: "See your plan", url: billingUrl },
    reason: reason(siteName),
  });
}

export function trialEndingEmail({
  siteName,
  billingUrl,
  trialEnd,
  amount,
}: Common & { trialEnd: string; amount: string }): EmailContent {
  return email({
    siteName,
    subject: "Your free trial ends in 3 days",
    preview: `Your first payment of ${amount} is due on ${trialEnd}.`,
    heading: "Your free trial ends in 3 days",
    paragraphs: [
      `Your Professional Plan trial ends on ${trialEnd}. Your first payment of ${amount} will then be taken and the plan renews monthly.`,
      "Nothing to do if you'd like to continue. To cancel, or to change your card, open your billing page.",
    ],
    action: { label: "Manage your plan", url: billingUrl },
    reason: reason(siteName),
  });
}

export function paymentFailedEmail({ siteName, billingUrl, amount }: Common & { amount: string }): EmailContent {
  return email({
    siteName,
    subject: "Your payment didn't go through",
    preview: "Update your card to keep your listings online.",
    heading: "We couldn't take your payment",
    paragraphs: [
      `The payment of ${amount} for your Professional Plan was declined. We'll try again over the next few days, and your plan stays active meanwhile.`,
      "If the retries fail too, your plan is suspended and your listings leave public search. Update your card to avoid that.",
    ],
    action: { label: "Update your payment method", url: billingUrl },
    reason: reason(siteName),
  });
}

export function subscriptionEndedEmail({
  siteName,
  billingUrl,
  kind,
  date,
  listingTitles,
}: Common & { kind: "cancelled" | "suspended"; date: string; listingTitles: string[] }): EmailContent {
  const cancelled = kind === "cancelled";
  return email({
    siteName,
    subject: cancelled ? "Your Professional Plan has ended" : "Your Professional Plan is suspended",
    preview: cancelled
      ? "Your listings are no longer public."
      : "Your payments failed; your listings are no longer public.",
    heading: cancelled ? "Your Professional Plan has ended" : "Your Professional Plan is suspended",
    paragraphs: [
      cancelled
        ? `Your subscription ended on ${date}. You can no longer list or edit rooms, or create API keys.`
        : `We couldn't take your payment after several attempts, so your plan was suspended on ${date}. You can no longer list or edit rooms, or create API keys.`,
      ...(listingTitles.length > 0
        ? [
            `From ${date} these listings are hidden from public search. They are not deleted, and they return as soon as your plan is active again:`,
            ...listingLines(listingTitles),
          ]
        : []),
    ],
    action: { label: cancelled ? "Subscribe again" : "Update your payment method", url: billingUrl },
    reason: reason(siteName),
  });
}
