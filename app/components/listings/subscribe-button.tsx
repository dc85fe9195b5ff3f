import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "~/app/components/ui/button";
import { CHECKOUT_UNAVAILABLE } from "~/app/content/plan";

/**
 * The plan card's Subscribe button. Subscribing needs an account: a signed-out visitor is told so
 * and sent to sign in, coming back to the plan afterwards. Checkout itself is not switched on yet.
 */
export function SubscribeButton({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate();
  return (
    <Button
      type="button"
      size="lg"
      className="w-full"
      onClick={() => {
        if (!signedIn) {
          toast.error("Authentication required", { description: "Please sign in to subscribe" });
          void navigate(`/auth?view=sign_in&returnTo=${encodeURIComponent("/#plans")}`);
          return;
        }
        toast.info("Coming soon", { description: CHECKOUT_UNAVAILABLE });
      }}
    >
      Subscribe
    </Button>
  );
}
