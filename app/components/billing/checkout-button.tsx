import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/app/components/ui/toast";
import { Button, type ButtonProps } from "~/app/components/ui/button";

export const CHECKOUT_FAILED = "Failed to start checkout process";

/**
 * Starts the plan's checkout: idle, then 'Loading...' while the server prepares it, then the
 * provider's checkout page (or, for a subscriber, the page to manage the plan). On failure it is
 * idle again with an 'Error' toast. The server answers a signed-out visitor: an 'Authentication
 * required' notice on the sign-in screen, coming back to `returnTo`. Without JavaScript (or before
 * it has loaded) the form posts and the server answers the same way; a refusal then comes back to
 * `returnTo` as an 'Error' notice.
 */
export function CheckoutButton({
  priceId,
  returnTo,
  label,
  size,
  className,
}: {
  priceId: string;
  returnTo: string;
  label: string;
  size?: ButtonProps["size"];
  className?: string;
}) {
  const fetcher = useFetcher<{ error?: string }>();
  const loading = fetcher.state !== "idle";
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;

  useEffect(() => {
    if (error !== undefined) toast.error("Error", { description: error || CHECKOUT_FAILED });
  }, [error, fetcher.data]);

  return (
    <fetcher.Form method="post" action="/billing/checkout">
      <input type="hidden" name="priceId" value={priceId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <Button type="submit" size={size} className={className} disabled={loading} aria-busy={loading}>
        {loading ? "Loading..." : label}
      </Button>
    </fetcher.Form>
  );
}
