import type { ReactNode } from "react";
import { cn } from "~/app/components/ui/cn";

const GLOW = {
  "top-right":
    "bg-[radial-gradient(ellipse_at_top_right,rgba(194,65,12,0.4),transparent_55%),linear-gradient(160deg,#0f172a_0%,#1e293b_60%,#334155_100%)]",
  "top-left":
    "bg-[radial-gradient(ellipse_at_top_left,rgba(194,65,12,0.4),transparent_55%),linear-gradient(160deg,#0f172a_0%,#1e293b_60%,#334155_100%)]",
} as const;

/** The dark opening band of the company and marketing pages: eyebrow, the page's h1, a lead line, actions. */
export function PageHero({
  eyebrow,
  title,
  lead,
  glow = "top-right",
  overlapped = false,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  glow?: keyof typeof GLOW;
  /** More bottom padding on wider screens, for a page whose content overlaps the band. */
  overlapped?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden bg-secondary text-white">
      <div aria-hidden className={cn("absolute inset-0 -z-10", GLOW[glow])} />
      <div
        className={cn(
          "mx-auto max-w-7xl px-4 pt-36 pb-20 sm:px-6 sm:pt-40 lg:px-8",
          overlapped ? "sm:pb-20 lg:pb-32" : "sm:pb-24",
        )}
      >
        <p className="text-sm font-semibold tracking-widest text-orange-200 uppercase">{eyebrow}</p>
        <h1 className="mt-4 max-w-3xl font-display text-4xl font-bold tracking-tight sm:text-6xl">{title}</h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-200 sm:text-xl">{lead}</p>
        {children && <div className="mt-10">{children}</div>}
      </div>
    </section>
  );
}

/** A titled band of a company page: its h2 labels the section; `muted` gives the alternate background. */
export function PageSection({
  id,
  title,
  lead,
  muted = false,
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  title: string;
  lead?: ReactNode;
  muted?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn("py-20", muted && "bg-muted")}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id={id} className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        {lead && <p className="mt-4 max-w-2xl text-muted-foreground">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
