import { email, type EmailContent } from "~/modules/mail/auth-emails";

/**
 * The saved-search alert digest and the listing-freshness e-mails. Listing lines arrive formatted;
 * the layout escapes every value.
 */

export interface AlertLine {
  title: string;
  /** "$320 per week · available 1 Dec 2026", or what changed. */
  detail: string;
  url: string;
}

/** Listing titles are other people's words: quoted, so a title cannot pass for our own text. */
const line = (item: AlertLine) => `• “${item.title.replace(/\s+/g, " ").trim()}” (${item.detail}): ${item.url}`;

export function savedSearchAlertEmail({
  siteName,
  searchName,
  searchUrl,
  unsubscribeUrl,
  newListings,
  moreNew,
  changes,
  moreChanges,
}: {
  siteName: string;
  searchName: string;
  searchUrl: string;
  unsubscribeUrl: string;
  newListings: AlertLine[];
  /** Matching new listings not shown (the digest is capped). */
  moreNew: number;
  changes: AlertLine[];
  moreChanges: number;
}): EmailContent {
  const name = searchName.replace(/\s+/g, " ").trim();
  const total = newListings.length + moreNew;
  const paragraphs: string[] = [];
  if (total > 0) {
    paragraphs.push(total === 1 ? "A new room matches your search:" : `${total} new rooms match your search:`);
    paragraphs.push(...newListings.map(line));
    if (moreNew > 0) paragraphs.push(`…and ${moreNew} more: ${searchUrl}`);
  }
  if (changes.length > 0) {
    paragraphs.push("Rooms you heard about are now cheaper or available sooner:");
    paragraphs.push(...changes.map(line));
    if (moreChanges > 0) paragraphs.push(`…and ${moreChanges} more: ${searchUrl}`);
  }
  return email({
    siteName,
    subject:
      total > 0
        ? `${total === 1 ? "A new room" : `${total} new rooms`} for "${name}"`
        : `Price drops and earlier dates for "${name}"`,
    preview: `News for your saved search "${name}".`,
    heading: `Your saved search "${name}"`,
    paragraphs,
    action: { label: "See all matching rooms", url: searchUrl },
    after: [`To stop these e-mails, unsubscribe with one click: ${unsubscribeUrl}`],
    reason: `You received this e-mail because you saved the search "${name}" on ${siteName} with alerts on.`,
  });
}

export interface FreshnessLine {
  title: string;
  confirmUrl: string;
  markLetUrl: string;
}

export function stillAvailableEmail({
  siteName,
  listings,
  propertiesUrl,
}: {
  siteName: string;
  listings: FreshnessLine[];
  propertiesUrl: string;
}): EmailContent {
  return email({
    siteName,
    subject: "Is this room still available?",
    preview: "One click keeps your listing in search.",
    heading: "Is this room still available?",
    paragraphs: [
      "Tenants trust listings that are kept up to date. Please tell us whether these rooms are still available:",
      ...listings.flatMap((item) => [
        `• ${item.title.replace(/\s+/g, " ").trim()}`,
        `  Still available: ${item.confirmUrl}`,
        `  It's been let: ${item.markLetUrl}`,
      ]),
      "A listing that is neither updated nor confirmed for 30 days is paused and leaves search until you resume it.",
    ],
    action: { label: "Your properties", url: propertiesUrl },
    reason: `You received this e-mail because you list rooms on ${siteName}.`,
  });
}

export function listingsPausedEmail({
  siteName,
  titles,
  propertiesUrl,
  resumeUrls,
}: {
  siteName: string;
  titles: string[];
  propertiesUrl: string;
  resumeUrls: string[];
}): EmailContent {
  return email({
    siteName,
    subject: titles.length === 1 ? "Your listing has been paused" : "Your listings have been paused",
    preview: "Resume with one click to show it in search again.",
    heading: "Paused: not confirmed for 30 days",
    paragraphs: [
      "These listings were neither updated nor confirmed as available for 30 days, so they no longer show in search:",
      ...titles.map(
        (title, index) =>
          `• ${title.replace(/\s+/g, " ").trim()}: resume with one click: ${resumeUrls[index] ?? propertiesUrl}`,
      ),
      "You can also resume them on Your Properties. Editing a listing resumes it too.",
    ],
    action: { label: "Your properties", url: propertiesUrl },
    reason: `You received this e-mail because you list rooms on ${siteName}.`,
  });
}
