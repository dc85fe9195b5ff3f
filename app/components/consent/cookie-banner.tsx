import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { BANNER_DISMISSED_KEY, consentFromForm } from "~/app/components/consent/consent";
import { saveConsent, useConsent, useCookieBannerDismissed } from "~/app/components/consent/use-consent";
import { Button } from "~/app/components/ui/button";
import { Checkbox } from "~/app/components/ui/checkbox";
import { Label } from "~/app/components/ui/label";
import { useNonce } from "~/app/nonce";
import { useHydrated } from "~/app/components/ui/use-hydrated";

export const COOKIE_BANNER_ID = "cookie-banner";
const SPACER_ID = "cookie-banner-spacer";

const CLOSE_ATTRIBUTE = "data-cookie-banner-close";

// Runs as soon as the server-rendered banner is parsed, without waiting for the app's scripts: a
// visitor who closed the banner earlier in this browser session never sees it flash on a full page
// load, and Close and Escape (inside the banner) hide it for the session whether or not the
// banner's own code has loaded (it loads at the first intent on the page). Listened for on the
// window in the capture phase, where React cannot stop them while the banner is still server HTML.
const CLOSE_SCRIPT = `(function(){var k=${JSON.stringify(BANNER_DISMISSED_KEY)},ids=${JSON.stringify([COOKIE_BANNER_ID, SPACER_ID])};function hide(){for(var i of ids){var e=document.getElementById(i);if(e)e.hidden=true}}function close(){try{sessionStorage.setItem(k,"true")}catch(e){}hide()}try{if(sessionStorage.getItem(k)!==null)hide()}catch(e){}function inBanner(t){return t instanceof Element&&t.closest("#${COOKIE_BANNER_ID}")}addEventListener("click",function(e){if(inBanner(e.target)&&e.target.closest("[${CLOSE_ATTRIBUTE}]"))close()},true);addEventListener("keydown",function(e){if(e.key==="Escape"&&inBanner(e.target))close()},true)})()`;

/**
 * The cookie banner. Render it only when the request carried no consent;
 * it also hides itself once the browser has a consent or the banner was closed this session.
 * A form that posts the choice to /cookie-consent, which stores it and sends the visitor back (no
 * JavaScript needed); once this code has loaded, the choice is stored in place instead.
 * A non-modal region: it never traps focus, and Escape closes it while focus is inside.
 * Phones: full width, sticky at the bottom of the page, so it never hides the end of the page.
 * Wider screens: a card fixed at the bottom right, with a footer-coloured spacer of its height at the
 * end of the page, so the footer's last row (newsletter box) can still be scrolled clear of it.
 */
export function CookieBanner() {
  const consent = useConsent();
  const dismissed = useCookieBannerDismissed();
  const nonce = useNonce();
  const regionRef = useRef<HTMLElement>(null);
  const id = useId();
  // False in the server render and during hydration, then true: tests wait for `data-interactive`.
  const hydrated = useHydrated();
  const [cardHeight, setCardHeight] = useState<number | null>(null);
  const visible = consent === null && !dismissed;

  useEffect(() => {
    const region = regionRef.current;
    if (!visible || !region || typeof ResizeObserver === "undefined") return;
    const resizes = new ResizeObserver(() => setCardHeight(region.offsetHeight));
    resizes.observe(region);
    return () => resizes.disconnect();
  }, [visible]);

  if (!visible) return null;

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const consent = consentFromForm(new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter));
    if (consent) saveConsent(consent);
  };

  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  return (
    <>
      <div
        id={SPACER_ID}
        aria-hidden
        suppressHydrationWarning
        className="hidden bg-secondary sm:block"
        style={{ height: cardHeight === null ? "17rem" : `calc(${cardHeight}px + 2rem)` }}
      />
      <section
        ref={regionRef}
        id={COOKIE_BANNER_ID}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        data-interactive={hydrated}
        // The inline script below may have set `hidden` before hydration.
        suppressHydrationWarning
        className="sticky bottom-0 z-40 w-full border-t bg-card p-4 text-card-foreground shadow-[0_-8px_24px_rgba(15,23,42,0.12)] sm:fixed sm:right-4 sm:bottom-4 sm:w-96 sm:rounded-xl sm:border sm:p-5 sm:shadow-xl"
      >
        <form method="post" action="/cookie-consent" onSubmit={save}>
          <div className="flex items-start justify-between gap-3">
            <h2 id={titleId} className="pt-1 text-base leading-tight font-semibold">
              Cookie Preferences
            </h2>
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              aria-label="Close"
              className="-mt-1.5 -mr-2 text-muted-foreground hover:text-foreground"
              {...{ [CLOSE_ATTRIBUTE]: "" }}
            >
              <Icon name="x" className="size-5" />
            </Button>
          </div>
          <p id={descriptionId} className="mt-1 text-sm leading-6 text-muted-foreground">
            We use cookies to enhance your experience. Choose your preferences below.
          </p>
          <Link
            to="/cookies"
            className="mt-0.5 inline-block rounded-sm text-sm font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
          >
            Learn more
            {/* The spec's visible words; the hidden rest tells screen readers and crawlers where it goes. */}
            <span className="sr-only"> about cookies in our Cookie Policy</span>
          </Link>
          <fieldset className="mt-3">
            <legend className="sr-only">Cookie categories</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-3">
              <div className="flex items-center gap-2">
                <Checkbox id={`${id}-essential`} defaultChecked disabled />
                <Label htmlFor={`${id}-essential`}>Essential</Label>
              </div>
              <div className="flex items-center gap-2">
                <Checkbox id={`${id}-analytics`} name="analytics" defaultChecked />
                <Label htmlFor={`${id}-analytics`}>Analytics</Label>
              </div>
              <div className="flex items-center gap-2">
                <Checkbox id={`${id}-marketing`} name="marketing" defaultChecked />
                <Label htmlFor={`${id}-marketing`}>Marketing</Label>
              </div>
            </div>
          </fieldset>
          <div className="mt-4 flex gap-2">
            <Button type="submit" name="choice" value="save" variant="outline" grow>
              Save Preferences
            </Button>
            <Button type="submit" name="choice" value="accept" grow>
              Accept All
            </Button>
          </div>
        </form>
      </section>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: CLOSE_SCRIPT }} />
    </>
  );
}
