import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";

export const RESULT_REDIRECT_MS = 3000;

/**
 * The page a checkout returns to: a toast, a short message, and home after 3 seconds; `next`, the
 * step the plan opens (listing a room), is offered first.
 */
export function SubscriptionResult({
  outcome,
  detail,
  next,
}: {
  outcome: "success" | "cancel";
  detail: string;
  next?: { to: string; label: string };
}) {
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
        {next && (
          <Link
            to={next.to}
            className="mt-8 inline-flex items-center gap-2 rounded-full bg-primary px-6 py-3 text-base font-semibold text-primary-foreground shadow-sm hover:bg-primary-hover"
          >
            <Icon name="plus" className="size-5" />
            {next.label}
          </Link>
        )}
        <Link to="/" className="mt-6 text-sm font-semibold text-primary underline-offset-4 hover:underline">
          Go to the home page now
        </Link>
      </section>
    </>
  );
}
