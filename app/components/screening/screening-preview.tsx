import { ScreeningSummarySection } from "~/app/components/screening/screening-summary-list";
import { SCREENING_TEXT } from "~/app/content/screening";
import { previewFacts, screeningSummary, type ScreeningPreviewFacts } from "~/modules/screening/screening-summary";

/**
 * "What the landlord sees" on the enquiry form: the renter's own facts completed with the form's
 * current choices, through the same function as the landlord's summary. Loaded when the page is
 * idle (its server HTML shows until then), so a first visit to a listing does not carry it.
 */
export function ScreeningPreview({
  facts,
  choices,
}: {
  facts: ScreeningPreviewFacts;
  choices: { moveInDate: string; leaseMonths: string; phone: string };
}) {
  return (
    <ScreeningSummarySection
      id="screening-preview"
      {...SCREENING_TEXT.preview}
      summary={screeningSummary(previewFacts(facts, choices))}
    />
  );
}
