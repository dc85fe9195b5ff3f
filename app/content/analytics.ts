/** The analytics dashboard's words. */
export const ANALYTICS_TITLE = "Analytics";
export const ANALYTICS_DESCRIPTION =
  "How renters find, view, save and enquire about your rooms. Counted without cookies or trackers; automated visits and your own are left out.";
export const ANALYTICS_ACCESS_DENIED = {
  title: "Access Denied",
  description: "Analytics is for landlords with the Professional Plan.",
} as const;
export const ANALYTICS_SUBSCRIPTION_NOTICE = {
  title: "Analytics needs an active plan",
  description: "Your listing analytics come back as soon as your Professional Plan is active again.",
} as const;
export const ANALYTICS_LANDLORD_NOT_FOUND = "No account matches that landlord.";
export const ANALYTICS_CHOOSE_LANDLORD = "Enter a landlord's e-mail address to see their listings' figures.";
export const ANALYTICS_NO_LISTINGS = "No listings yet. Once you list a room, its figures appear here.";
export const ANALYTICS_UPDATED_NOTE =
  "Figures are updated every few seconds. A unique visitor is one network address a day, however often it reloads.";

/** The funnel's steps, in order, with the counts they read. */
export const FUNNEL_STEPS = [
  { key: "impressions", label: "Shown in search" },
  { key: "views", label: "Page views" },
  { key: "favouritesAdded", label: "Saved" },
  { key: "enquiries", label: "Enquiries" },
  { key: "lets", label: "Let" },
] as const;
