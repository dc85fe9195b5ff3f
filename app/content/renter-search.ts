/** The renter search's words (`/settings/renters`). */
export const RENTER_SEARCH_TITLE = "Find renters";
export const RENTER_SEARCH_DESCRIPTION =
  "Renters who chose to be found by landlords: search by budget, move-in date, stay and area, and invite one to view your room.";
export const RENTER_SEARCH_ACCESS_DENIED = {
  title: "Access Denied",
  description: "Finding renters is for landlords with the Professional Plan.",
} as const;
export const RENTER_SEARCH_SUBSCRIPTION_NOTICE = {
  title: "Finding renters needs an active plan",
  description: "The verified tenant database comes back as soon as your Professional Plan is active again.",
} as const;
export const INVITATION_SENT = {
  title: "Invitation sent",
  description: "The renter has been e-mailed. You'll hear from them here when they answer.",
} as const;
export const INVITATION_ANSWERED = {
  accepted: { title: "Invitation accepted", description: "You can now talk with the landlord about a viewing." },
  declined: { title: "Invitation declined", description: "The landlord has been told." },
  blocked: {
    title: "Declined and blocked",
    description: "The landlord can't write to you or invite you again.",
  },
} as const;
