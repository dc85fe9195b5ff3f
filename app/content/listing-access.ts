/** The listing form's refusal heading: the page copy names the status it answers with. */
export const ACCESS_DENIED_TITLE = "Access Denied (403)";

/** What anyone who may not list is told. */
export const ACCESS_DENIED_MESSAGE =
  "You need to be a landlord with an active subscription or an administrator to access this page.";
