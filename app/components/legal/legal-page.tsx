import type { ReactNode } from "react";

export interface LegalSection {
  /** The fragment the table of contents links to, e.g. "information-we-collect". */
  id: string;
  /** The heading without its number; the layout numbers sections 1., 2., … in order. */
  title: string;
  content: ReactNode;
}

export interface LegalPageProps {
  title: string;
  /** e.g. "March 2024": shown as "Last updated: March 2024". */
  lastUpdated: string;
  intro?: ReactNode;
  sections: readonly LegalSection[];
}

/**
 * The layout of the static legal pages (privacy, terms, cookies): a light page (the header uses
 * dark text on these paths), the title, the last-updated date, a table of contents and numbered
 * sections with ids the contents link to.
 */
export function LegalPage({ title, lastUpdated, intro, sections }: LegalPageProps) {
  return (
    <div className="bg-background pt-28 pb-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <header className="border-b pb-8">
          <h1 className="font-display text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
          <p className="mt-3 text-sm text-muted-foreground">Last updated: {lastUpdated}</p>
          {intro ? <div className="mt-6 space-y-4 text-base text-slate-700">{intro}</div> : null}
        </header>

        <nav aria-labelledby="legal-toc-heading" className="mt-8 rounded-2xl bg-muted p-6">
          <h2 id="legal-toc-heading" className="text-sm font-semibold tracking-wider text-slate-900 uppercase">
            Contents
          </h2>
          <ol className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="rounded text-primary underline-offset-4 hover:text-primary-hover hover:underline"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-12 space-y-12">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-28"
            >
              <h2
                id={`${section.id}-heading`}
                className="font-display text-2xl font-bold tracking-tight text-slate-900"
              >
                {index + 1}. {section.title}
              </h2>
              <div className="mt-4 space-y-4 text-base leading-relaxed text-slate-700 [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-primary-hover [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
                {section.content}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
