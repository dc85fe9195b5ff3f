import type { ExternalToast, toast as sonnerToast } from "sonner";

type Message = Parameters<typeof sonnerToast.success>[0];
type Kind = "success" | "error" | "info";

let ask: () => void = () => {};
/** Resolves at the page's first toast: the toaster loads its library then, not on every visit. */
export const firstToast = new Promise<void>((resolve) => (ask = resolve));

let loaded = false;

function show(kind: Kind, message: Message, options?: ExternalToast): void {
  // Sonner keeps toasts created before its Toaster (./layout/toaster) subscribes and shows them
  // when it does. Clicks that queue the same text while the library loads share one toast; once
  // it has loaded, each call is a toast of its own, as sonner's are.
  ask();
  const queuedId = !loaded && typeof message === "string" ? `${kind}:${message}` : undefined;
  void import("sonner").then(({ toast }) => {
    loaded = true;
    toast[kind](message, { ...options, id: options?.id ?? queuedId });
  });
}

/**
 * Toasts, with the library and the toaster loaded on first use rather than on every first visit.
 * Same calls as sonner's `toast.success/error/info`.
 */
export const toast = {
  success: (message: Message, options?: ExternalToast) => show("success", message, options),
  error: (message: Message, options?: ExternalToast) => show("error", message, options),
  info: (message: Message, options?: ExternalToast) => show("info", message, options),
};
