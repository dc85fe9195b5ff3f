import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { toast } from "~/app/components/ui/toast";
import { cn } from "~/app/components/ui/cn";
import {
  ADDED_TITLE,
  FAILED_DESCRIPTION,
  FAILED_TITLE,
  FAVOURITE_TOAST_MS,
  REMOVED_TITLE,
  SIGN_IN_DESCRIPTION,
  SIGN_IN_TITLE,
  type FavouriteIntent,
  type FavouriteResult,
} from "~/modules/favourites/favourite-text";
import { useHydrated } from "~/app/components/ui/use-hydrated";

export interface FavouriteButtonProps {
  listingId: string;
  listingTitle: string;
  /** Null while nobody is signed in: favouriting then asks the visitor to sign in. */
  favourited: boolean | null;
  className?: string;
}

const BUTTON_CLASS =
  "grid size-10 place-items-center rounded-full bg-white/90 text-slate-700 shadow-sm ring-1 ring-slate-900/10 backdrop-blur transition hover:scale-105 hover:text-red-600 motion-reduce:transition-none motion-reduce:hover:scale-100";

// Long enough to reach the toast's link.
const SIGN_IN_TOAST_MS = 8000;

/** Asks to sign in, with a link to the sign-in screen that comes back to the room. */
function askToSignIn(listingId: string) {
  const signIn = `/auth?${new URLSearchParams({ view: "sign_in", returnTo: `/listing/${listingId}` })}`;
  toast.error(SIGN_IN_TITLE, {
    description: (
      <>
        {SIGN_IN_DESCRIPTION}. <a href={signIn}>Sign in</a>
      </>
    ),
    duration: SIGN_IN_TOAST_MS,
  });
}

function HeartIcon({ filled }: { filled: boolean }) {
  return <Icon name="heart" className={cn("size-5", filled && "fill-red-600 text-red-600")} />;
}

/** The heart on cards and the listing page; filled red when the listing is a favourite. */
export function FavouriteButton({ listingId, listingTitle, favourited, className }: FavouriteButtonProps) {
  if (favourited === null) {
    return <SignInHeart listingId={listingId} listingTitle={listingTitle} className={className} />;
  }
  return (
    <FavouriteToggle listingId={listingId} listingTitle={listingTitle} favourited={favourited} className={className} />
  );
}

/**
 * Signed out: with JavaScript a toast asks to sign in; before that (or without it) the same button
 * opens the sign-in screen, which comes back to the room, so an early click is never lost.
 */
function SignInHeart({ listingId, listingTitle, className }: Omit<FavouriteButtonProps, "favourited">) {
  // Marks the form for tests once JavaScript took over (before that a click opens the sign-in screen).
  const hydrated = useHydrated();
  return (
    <form
      method="get"
      action="/auth"
      data-hydrated={hydrated || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        askToSignIn(listingId);
      }}
    >
      <input type="hidden" name="view" value="sign_in" />
      <input type="hidden" name="returnTo" value={`/listing/${listingId}`} />
      <button type="submit" aria-label={`Add ${listingTitle} to favourites`} className={cn(BUTTON_CLASS, className)}>
        <HeartIcon filled={false} />
      </button>
    </form>
  );
}

/**
 * Signed in: a form posting to /favourites. With JavaScript a fetcher sends it and the heart
 * changes at once (optimistic); the page's loaders then revalidate and confirm the new state, and
 * a failed request simply leaves the loader's state, so the heart reverts.
 */
function FavouriteToggle({
  listingId,
  listingTitle,
  favourited,
  className,
}: Omit<FavouriteButtonProps, "favourited"> & { favourited: boolean }) {
  const fetcher = useFetcher<FavouriteResult>();
  // Marks the form for tests once JavaScript took over (before that a click is a plain form post).
  const hydrated = useHydrated();
  const pendingIntent = fetcher.formData?.get("intent");
  const shown = pendingIntent ? pendingIntent === "add" : favourited;
  const intent: FavouriteIntent = shown ? "remove" : "add";

  // On the answer, not on idle: on the favourites page the revalidation that follows unmounts the card.
  const result = fetcher.data;
  useEffect(() => {
    if (!result) return;
    if ("favourited" in result) {
      toast.success(result.favourited ? ADDED_TITLE : REMOVED_TITLE, { duration: FAVOURITE_TOAST_MS });
    } else if (result.error === SIGN_IN_TITLE) {
      askToSignIn(listingId); // the session ended since the page loaded
    } else {
      toast.error(FAILED_TITLE, { description: FAILED_DESCRIPTION });
    }
  }, [result, listingId]);

  return (
    <fetcher.Form method="post" action="/favorites" data-hydrated={hydrated || undefined}>
      <input type="hidden" name="listingId" value={listingId} />
      <input type="hidden" name="intent" value={intent} />
      <button
        type="submit"
        aria-pressed={shown}
        aria-label={shown ? `Remove ${listingTitle} from favourites` : `Add ${listingTitle} to favourites`}
        className={cn(BUTTON_CLASS, className)}
      >
        <HeartIcon filled={shown} />
      </button>
    </fetcher.Form>
  );
}
