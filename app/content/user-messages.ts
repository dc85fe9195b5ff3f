import type { SubscriptionStatus, UserRole } from "~/modules/auth/viewer";

/** The admin users screen's words: its headings, filters, badges and notices. */
export const USER_MESSAGES = {
  ownRole: "You cannot change your own role",
  ownStatus: "You cannot change your own subscription status",
  roleFailed: "Failed to update user role",
  statusFailed: "Failed to update subscription status",
  roleUpdated: (role: UserRole) => `User role updated to ${role}`,
  statusUpdated: (status: SubscriptionStatus) => `Subscription status updated to ${status}`,
  adminsOnly: "Only administrators can change roles and subscription statuses.",
  aboveOwnRole: "You cannot grant a role above your own.",
  lastAdmin: "The last administrator cannot be demoted.",
  notFound: "User not found.",
  loadFailed: "Error loading users. Please try again later.",
} as const;
