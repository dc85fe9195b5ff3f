import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";

export const RESULT_REDIRECT_MS = 3000;

/** The page a checkout returns to: a toast, a short message, and home after 3 seconds. */
export function SubscriptionResult({ outcome, detail }: { outcome: "success" | "cancel"; detail: string }) {
  const navigate = useNavigate();
  const success = outcome === "success";
  useEffect(() => {
    if (success) toast.success("Subscription successful!");
    else toast.error("Subscription cancelled");
    const timer = setTimeout(() => void navigate("/"), RESULT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, success]);
  return (
    <>
      <div className="h-20 bg-secondary" aria-hidden />
      <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
        <Icon
          name={success ? "circle-check" : "circle-x"}
          className={success ? "size-14 text-success" : "size-14 text-destructive"}
        />
        <h1 className="mt-4 font-display text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {success ? "Thank You!" : "Subscription Cancelled"}
        </h1>
        <p className="mt-4 text-base text-muted-foreground">{detail}</p>
        <p className="mt-2 text-sm text-muted-foreground">Taking you to the home page…</p>
        <Link to="/" className="mt-6 text-sm font-semibold text-primary underline-offset-4 hover:underline">
          Go to the home page now
        </Link>
      </section>
    </>
  );
}
