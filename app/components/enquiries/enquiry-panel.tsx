import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import type { EnquiryOffer } from "~/modules/enquiries/enquiry-offer.server";
import type { EnquiryFieldErrors, EnquiryValues } from "~/modules/enquiries/enquiry-input";
import { ENQUIRY_SENT } from "~/modules/enquiries/enquiry-text";
import type { ScreeningPreviewFacts } from "~/modules/screening/screening-summary";

export type EnquiryActionResult =
  | { status: "sent"; conversationId: string }
  | { status: "invalid"; errors: EnquiryFieldErrors; values: EnquiryValues }
  | { status: "refused"; message: string; values: EnquiryValues };

const EnquiryForm = lazy(() =>
  import("~/app/components/enquiries/enquiry-form").then((module) => ({ default: module.EnquiryForm })),
);

const panel = "mt-4 border-t pt-4";
const linkButton =
  "inline-flex w-full items-center justify-center gap-2 rounded-md bg-primary px-4 py-2.5 text-sm font-semibold text-primary-foreground hover:bg-primary-hover";

/** The listing page's Enquire box: sign in first, the form, or the conversation already started. */
export function EnquiryPanel({
  listingId,
  offer,
  signInPath,
  result,
  screeningPreview,
}: {
  listingId: string;
  offer: EnquiryOffer;
  /** The signed-in renter's own facts and the listing's terms, for "What the landlord sees". */
  screeningPreview: ScreeningPreviewFacts | null;
  /** Where "Sign in to enquire" goes: the sign-in screen, coming back to this listing. */
  signInPath: string;
  result: EnquiryActionResult | undefined;
}) {
  if (result?.status === "sent") return <EnquirySent conversationId={result.conversationId} />;
  switch (offer.kind) {
    case "unavailable":
      return null;
    case "own-listing":
      return (
        <p className={`${panel} text-sm text-muted-foreground`}>
          This is your listing. Enquiries about it arrive in{" "}
          <Link to="/settings/enquiries" className="font-medium text-primary underline-offset-4 hover:underline">
            your enquiries
          </Link>
          .
        </p>
      );
    case "sign-in":
      return (
        <div className={panel}>
          <Link to={signInPath} className={linkButton}>
            <Icon name="message-square" className="size-4" />
            Sign in to enquire
          </Link>
        </div>
      );
    case "existing":
      return (
        <div className={panel}>
          <p className="text-sm text-slate-700">You have already enquired about this room.</p>
          <Link to={`/settings/enquiries/${offer.conversationId}`} className={`${linkButton} mt-3`}>
            <Icon name="message-square" className="size-4" />
            Open the conversation
          </Link>
        </div>
      );
    case "form":
      return (
        <Suspense>
          <EnquiryForm
            listingId={listingId}
            usualReplyHours={offer.usualReplyHours}
            result={result}
            screeningPreview={screeningPreview}
          />
        </Suspense>
      );
  }
}

function EnquirySent({ conversationId }: { conversationId: string }) {
  return (
    <div role="status" className={`${panel} text-sm`}>
      <p className="flex items-center gap-2 font-semibold text-green-900">
        <Icon name="circle-check" className="size-4" />
        {ENQUIRY_SENT.title}
      </p>
      <p className="mt-1 text-slate-700">{ENQUIRY_SENT.description}</p>
      <Link to={`/settings/enquiries/${conversationId}`} className={`${linkButton} mt-3`}>
        Open the conversation
      </Link>
    </div>
  );
}
