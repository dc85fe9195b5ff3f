import type { ExternalToast, toast as sonnerToast } from "sonner";
import { loadDeferredNow } from "~/app/components/ui/deferred";

type Message = Parameters<typeof sonnerToast.success>[0];
type Kind = "success" | "error" | "info";

function show(kind: Kind, message: Message, options?: ExternalToast): void {
  // The toaster (root.tsx) loads when the page is idle; a toast asked for earlier loads it now.
  // Sonner keeps toasts created before its Toaster subscribes and shows them when it does.
  loadDeferredNow();
  void import("sonner").then(({ toast }) => toast[kind](message, options));
}

/**
 * Toasts, with the library loaded on first use rather than on every first visit. Same calls as
 * sonner's `toast.success/error/info`.
 */
export const toast = {
  success: (message: Message, options?: ExternalToast) => show("success", message, options),
  error: (message: Message, options?: ExternalToast) => show("error", message, options),
  info: (message: Message, options?: ExternalToast) => show("info", message, options),
};
