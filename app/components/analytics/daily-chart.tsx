/**
 * The daily chart: page views as bars and unique visitors as a line, drawn on the server as SVG
 * (no chart code reaches the browser). The table beside it carries the same figures for screen
 * readers and anyone who prefers numbers.
 */
export interface ChartDay {
  day: string;
  views: number;
  uniqueVisitors: number;
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 40 };

function niceMax(value: number): number {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

const shortDate = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "short", timeZone: "UTC" });
const label = (day: string) => shortDate.format(new Date(`${day}T00:00:00Z`));

export function DailyChart({ days, title }: { days: ChartDay[]; title: string }) {
  const max = niceMax(Math.max(0, ...days.map((day) => day.views)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const x = (index: number) => PAD.left + slot * index + slot / 2;
  const line = days
    .map((day, index) => `${index ? "L" : "M"}${x(index).toFixed(1)},${y(day.uniqueVisitors).toFixed(1)}`)
    .join(" ");
  const every = Math.max(1, Math.ceil(days.length / 7));
  const totalViews = days.reduce((sum, day) => sum + day.views, 0);
  const totalVisitors = days.reduce((sum, day) => sum + day.uniqueVisitors, 0);
  return (
    <figure className="space-y-2">
      {/* On a phone the chart keeps a readable size and scrolls sideways; the table below has every figure. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll box must be reachable by keyboard (WCAG 2.1.1) */}
      <div tabIndex={0} className="overflow-x-auto">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={`${title}: ${totalViews} page views and ${totalVisitors} unique visitors from ${label(days[0]?.day ?? "")} to ${label(days.at(-1)?.day ?? "")}. The same figures are in the table below.`}
          className="h-auto w-full min-w-[34rem]"
        >
          {[0, 0.5, 1].map((share) => (
            <g key={share}>
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y(max * share)}
                y2={y(max * share)}
                className="stroke-slate-200"
              />
              <text x={PAD.left - 6} y={y(max * share) + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
                {max * share}
              </text>
            </g>
          ))}
          {days.map((day, index) => (
            <rect
              key={day.day}
              x={x(index) - Math.max(1, slot * 0.35)}
              width={Math.max(2, slot * 0.7)}
              y={y(day.views)}
              height={Math.max(0, PAD.top + plotHeight - y(day.views))}
              className="fill-sky-300"
            />
          ))}
          <path d={line} fill="none" strokeWidth={2} className="stroke-slate-900" />
          {days.map((day, index) =>
            index % every === 0 ? (
              <text
                key={day.day}
                x={x(index)}
                y={HEIGHT - 8}
                textAnchor="middle"
                className="fill-slate-600 text-[11px]"
              >
                {label(day.day)}
              </text>
            ) : null,
          )}
        </svg>
      </div>
      <figcaption className="flex flex-wrap gap-4 text-sm text-slate-700">
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-sky-300" /> Page views
        </span>
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-slate-900" /> Unique visitors
        </span>
      </figcaption>
    </figure>
  );
}
