import type { DayFigures } from "~/modules/admin/site-overview";

const SERIES = [
  { key: "newListings", label: "New listings", color: "#c2410c" },
  { key: "enquiries", label: "Enquiries", color: "#1e293b" },
  { key: "lets", label: "Lets", color: "#15803d" },
] as const;

const WIDTH = 600;
const HEIGHT = 140;
const GAP = 4;

/**
 * The daily figures as grouped bars, drawn on the server as SVG (no chart library, nothing sent to
 * the browser but markup). A picture only: the table below it carries the same numbers for screen
 * readers and anyone without the image.
 */
export function OverviewChart({ days }: { days: DayFigures[] }) {
  const max = Math.max(1, ...days.flatMap((day) => SERIES.map(({ key }) => day[key])));
  const slot = WIDTH / Math.max(1, days.length);
  const bar = Math.max(1, (slot - GAP) / SERIES.length);
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-36 w-full rounded-lg border bg-white"
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        {days.map((day, index) =>
          SERIES.map(({ key, color }, series) => {
            const height = (day[key] / max) * (HEIGHT - 10);
            return (
              <rect
                key={`${day.day}-${key}`}
                x={index * slot + GAP / 2 + series * bar}
                y={HEIGHT - height}
                width={bar}
                height={height}
                fill={color}
              />
            );
          }),
        )}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-slate-700">
        {SERIES.map(({ key, label, color }) => (
          <span key={key} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ backgroundColor: color }} />
            {label}
          </span>
        ))}
        <span>Oldest day on the left; the same figures are in the table below.</span>
      </figcaption>
    </figure>
  );
}
