import type { PropertyAction } from "~/modules/listings/properties";

/** Reads a property card's form (`intent`, `listingId`, and `status` for a status change); null when malformed. */
export function readPropertyAction(form: FormData): PropertyAction | null {
  const intent = form.get("intent");
  const listingId = form.get("listingId");
  if (typeof listingId !== "string" || listingId.trim() === "") return null;
  if (intent === "delete" || intent === "resume") return { intent, listingId: listingId.trim() };
  const status = form.get("status");
  if (intent === "status" && (status === "let" || status === "available")) {
    return { intent, listingId: listingId.trim(), status };
  }
  return null;
}
