import { Toaster as Sonner } from "sonner";

/** The page's toasts (see `~/app/components/ui/toast`); root.tsx loads this when the page is idle. */
export function Toaster() {
  return <Sonner duration={4000} visibleToasts={3} closeButton richColors position="bottom-left" />;
}
