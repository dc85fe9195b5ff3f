import { useEffect } from "react";
import { useFetcher, useNavigate } from "react-router";
import { toast } from "~/app/components/ui/toast";
import { Button, type ButtonProps } from "~/app/components/ui/button";
import { useHydrated } from "~/app/components/ui/use-hydrated";

export const CHECKOUT_FAILED = "Failed to start checkout process";

/**
 * Starts the plan's checkout: idle, then 'Loading...' while the server prepares it, then the
 * provider's checkout page (or, for a subscriber, the page to manage the plan). On failure it is
 * idle again with an 'Error' toast. A signed-out visitor is told to sign in and sent to /auth,
 * coming back to `returnTo`. Without JavaScript the form posts and the server redirects.
 */
export function CheckoutButton({
  priceId,
  signedIn,
  returnTo,
  label,
  size,
  className,
}: {
  priceId: string;
  signedIn: boolean;
  returnTo: string;
  label: string;
  size?: ButtonProps["size"];
  className?: string;
}) {
  const fetcher = useFetcher<{ error?: string }>();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const loading = fetcher.state !== "idle";
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;

  useEffect(() => {
    if (error !== undefined) toast.error("Error", { description: error || CHECKOUT_FAILED });
  }, [error, fetcher.data]);

  return (
    <fetcher.Form
      method="post"
      action="/billing/checkout"
      onSubmit={(event) => {
        if (signedIn || !hydrated) return;
        event.preventDefault();
        toast.error("Authentication required", { description: "Please sign in to subscribe" });
        void navigate(`/auth?view=sign_in&returnTo=${encodeURIComponent(returnTo)}`);
      }}
    >
      <input type="hidden" name="priceId" value={priceId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <Button type="submit" size={size} className={className} disabled={loading} aria-busy={loading}>
        {loading ? "Loading..." : label}
      </Button>
    </fetcher.Form>
  );
}
