import { useSyncExternalStore } from "react";
import { Toaster as Sonner } from "sonner";

// Sonner's own phone layout (full-width toasts) starts at this width.
const PHONE_QUERY = "(max-width: 600px)";

function subscribeToPhoneQuery(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * The page's toasts (see `~/app/components/ui/toast`); root.tsx loads this, with the toast library,
 * at the page's first toast.
 * On a phone they show at the top: a full-width toast at the bottom would cover the page's own
 * actions there (e.g. "Sign in to enquire" under the heart that asked to sign in).
 */
export function Toaster() {
  const phone = useSyncExternalStore(
    subscribeToPhoneQuery,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
  return (
    <Sonner duration={4000} visibleToasts={3} closeButton richColors position={phone ? "top-center" : "bottom-left"} />
  );
}
