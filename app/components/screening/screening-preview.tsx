import { useEffect, useRef, useState } from "react";
import { ScreeningSummarySection } from "~/app/components/screening/screening-summary-list";
import { SCREENING_TEXT } from "~/app/content/screening";
import { previewFacts, screeningSummary, type ScreeningPreviewFacts } from "~/modules/screening/screening-summary";

type Choices = { moveInDate: string; leaseMonths: string; phone: string };

function readChoices(form: HTMLFormElement): Choices {
  const data = new FormData(form);
  const text = (name: keyof Choices) => String(data.get(name) ?? "");
  return { moveInDate: text("moveInDate"), leaseMonths: text("leaseMonths"), phone: text("phone") };
}

/**
 * "What the landlord sees" inside the enquiry form: the renter's own facts completed with the
 * form's current choices, through the same function as the landlord's summary. It follows the
 * form it sits in, and is loaded when the page is idle (its server HTML shows until then), so a
 * first visit to a listing does not carry it.
 */
export function ScreeningPreview({ facts, initial }: { facts: ScreeningPreviewFacts; initial: Choices }) {
  const ref = useRef<HTMLDivElement>(null);
  const [choices, setChoices] = useState(initial);
  useEffect(() => {
    const form = ref.current?.closest("form");
    if (!form) return;
    const follow = () => setChoices(readChoices(form));
    follow();
    form.addEventListener("input", follow);
    form.addEventListener("change", follow);
    return () => {
      form.removeEventListener("input", follow);
      form.removeEventListener("change", follow);
    };
  }, []);
  return (
    <div ref={ref}>
      <ScreeningSummarySection
        id="screening-preview"
        {...SCREENING_TEXT.preview}
        summary={screeningSummary(previewFacts(facts, choices))}
      />
    </div>
  );
}
