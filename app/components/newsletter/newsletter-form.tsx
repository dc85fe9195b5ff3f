import { useEffect, useRef } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";
import { cn } from "~/app/components/ui/cn";
import {
  INVALID_EMAIL_MESSAGE,
  NEWSLETTER_SOURCE_PARAM,
  SUBSCRIBED_DESCRIPTION,
  SUBSCRIBED_PARAM,
  SUBSCRIBED_TITLE,
  type NewsletterSource,
} from "~/modules/newsletter/newsletter-text";
import { useHydrated } from "~/app/components/ui/use-hydrated";

type NewsletterResult = { ok: true } | { ok: false; error: string };

export interface NewsletterFormProps {
  /** Which form this is; stored with the subscription. */
  source: NewsletterSource;
  /** The e-mail input's id (its label points at it). */
  inputId: string;
  /** "footer": compact, on the dark footer. "blog": larger, on the blog's newsletter band. */
  variant?: "footer" | "blog";
  className?: string;
}

const STYLES = {
  footer: {
    form: "flex gap-2",
    input:
      "h-10 min-w-0 flex-1 rounded-md border border-slate-600 bg-slate-800 px-3 text-sm text-white placeholder:text-slate-400",
    button:
      "h-10 rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground hover:bg-primary-hover disabled:opacity-70",
    message: "text-slate-300",
    error: "text-red-300",
  },
  blog: {
    form: "flex flex-col gap-3 sm:flex-row",
    input:
      "h-12 w-full min-w-0 rounded-lg sm:flex-1 border border-slate-600 bg-slate-800 px-4 text-base text-white placeholder:text-slate-400",
    button:
      "h-12 rounded-lg bg-primary px-6 text-base font-semibold text-primary-foreground hover:bg-primary-hover disabled:opacity-70",
    message: "text-slate-200",
    error: "text-red-300",
  },
} as const;

/**
 * The newsletter sign-up (blog page and footer). With JavaScript it posts through a fetcher to
 * /newsletter, shows the 'Thanks for subscribing!' toast and clears the field. Without JavaScript
 * it is a plain form post: /newsletter redirects back with ?subscribed=1 and this form shows the
 * confirmation (or the error) from the query.
 */
export function NewsletterForm({ source, inputId, variant = "footer", className }: NewsletterFormProps) {
  const fetcher = useFetcher<NewsletterResult>({ key: `newsletter-${source}` });
  const formRef = useRef<HTMLFormElement>(null);
  const handled = useRef<NewsletterResult | undefined>(undefined);
  const [searchParams] = useSearchParams();
  const styles = STYLES[variant];
  // False in the server render and before hydration; marks the form for tests once JS took over.
  const hydrated = useHydrated();

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) {
      toast.success(SUBSCRIBED_TITLE, { description: SUBSCRIBED_DESCRIPTION });
      formRef.current?.reset();
    }
  }, [fetcher.state, fetcher.data]);

  const fromQuery = (searchParams.get(NEWSLETTER_SOURCE_PARAM) ?? source) === source;
  const queryResult = fromQuery ? searchParams.get(SUBSCRIBED_PARAM) : null;
  const fetcherError = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const error = fetcherError ?? (queryResult === "0" && !fetcher.data ? INVALID_EMAIL_MESSAGE : null);
  const confirmed = queryResult === "1" && !fetcher.data;
  const messageId = `${inputId}-message`;
  const busy = fetcher.state !== "idle";

  return (
    <div className={className}>
      <fetcher.Form
        ref={formRef}
        method="post"
        action="/newsletter"
        className={styles.form}
        data-hydrated={hydrated || undefined}
      >
        <label htmlFor={inputId} className="sr-only">
          E-mail address
        </label>
        <input
          id={inputId}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error || confirmed ? messageId : undefined}
          className={styles.input}
        />
        <input type="hidden" name="source" value={source} />
        <button type="submit" disabled={busy} className={styles.button}>
          Subscribe
        </button>
      </fetcher.Form>
      <div aria-live="polite" id={messageId}>
        {error && <p className={cn("mt-2 text-sm", styles.error)}>{error}</p>}
        {confirmed && (
          <p role="status" className={cn("mt-3 flex items-start gap-2 text-sm", styles.message)}>
            <Icon name="circle-check" className="mt-0.5 size-4 shrink-0 text-emerald-400" />
            <span>
              <strong className="font-semibold text-white">{SUBSCRIBED_TITLE}</strong> {SUBSCRIBED_DESCRIPTION}
            </span>
          </p>
        )}
      </div>
    </div>
  );
}
