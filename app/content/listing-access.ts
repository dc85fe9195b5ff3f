/** The listing form's refusal heading: the page copy names the status it answers with. */
export const ACCESS_DENIED_TITLE = "Access Denied (403)";
