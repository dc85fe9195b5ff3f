import { isAcceptableName } from "~/modules/profiles/person-name";

/** What the thread shows for a person whose account is gone. */
export const ANONYMISED = "Former member";

/**
 * "Alex P.": what the other side of a conversation sees of a person (never their e-mail). A name
 * stored before the name rule refused markup and web addresses is not shown.
 */
export function publicName(person: { firstName: string | null; lastName: string | null } | null): string {
  if (!person) return ANONYMISED;
  const first = person.firstName?.trim();
  const last = person.lastName?.trim() ?? "";
  const initial = isAcceptableName(last) ? last.charAt(0) : "";
  if (!first || !isAcceptableName(first)) return "Laneway member";
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}
