import { Icon } from "~/app/components/ui/icon";
import { cn } from "~/app/components/ui/cn";
import { SCREENING_STATUS_TEXT, type ScreeningItem, type ScreeningStatus } from "~/modules/screening/screening-summary";

const STATUS_STYLE: Record<ScreeningStatus, { icon: "circle-check" | "circle-x" | "minus"; className: string }> = {
  met: { icon: "circle-check", className: "bg-emerald-100 text-emerald-900" },
  "not-met": { icon: "circle-x", className: "bg-amber-100 text-amber-900" },
  "not-stated": { icon: "minus", className: "bg-slate-200 text-slate-800" },
};

/**
 * A screening summary as a labelled section: each fact with its status in words (never colour
 * alone). The landlord's thread, the renter's thread and the enquiry form's preview all render
 * the same items through this component.
 */
export function ScreeningSummarySection({
  id,
  heading,
  intro,
  summary,
  className,
  headingLevel: Heading = "h2",
}: {
  id: string;
  heading: string;
  intro: string;
  summary: ScreeningItem[];
  className?: string;
  headingLevel?: "h2" | "h3";
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={cn("rounded-2xl border bg-card p-4", className)}>
      <Heading id={`${id}-heading`} className="font-semibold">
        {heading}
      </Heading>
      <p className="mt-1 text-sm text-muted-foreground">{intro}</p>
      <ul aria-label={heading} className="mt-3 divide-y text-sm">
        {summary.map((item) => {
          const style = STATUS_STYLE[item.status];
          return (
            <li key={item.key} className="py-2">
              <div className="flex items-center justify-between gap-3">
                <span className="font-medium text-slate-800">{item.label}</span>
                <span
                  className={cn(
                    "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
                    style.className,
                  )}
                >
                  <Icon name={style.icon} className="size-3.5" aria-hidden />
                  {SCREENING_STATUS_TEXT[item.status]}
                </span>
              </div>
              <p className="mt-0.5 text-slate-700">{item.text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
