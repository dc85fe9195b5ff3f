import type { ReactNode } from "react";
import { Link } from "react-router";

const PRIMARY_LINK =
  "rounded-full bg-primary px-5 py-2.5 text-sm font-semibold text-primary-foreground hover:bg-primary-hover";
const OUTLINED_LINK = "rounded-full border px-5 py-2.5 text-sm font-semibold hover:bg-slate-50";

export interface StatusPageProps {
  code: number;
  title: string;
  message: string;
  children?: ReactNode;
}

/**
 * A full page for 404s and errors: dark band behind the header, message, ways onward. `children`
 * is the page's own way forward (an offer, a fix): it comes first, and the home and search links
 * step back to outlined buttons beside it.
 */
export function StatusPage({ code, title, message, children }: StatusPageProps) {
  return (
    <>
      <div className="h-20 bg-secondary" aria-hidden />
      <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-20 text-center sm:py-28">
        <p className="text-sm font-semibold tracking-widest text-primary uppercase">Error {code}</p>
        <h1 className="mt-3 font-display text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-4 text-base text-muted-foreground">{message}</p>
        {children}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className={children ? OUTLINED_LINK : PRIMARY_LINK}>
            Go to the home page
          </Link>
          <Link to="/search" className={OUTLINED_LINK}>
            Search rooms
          </Link>
        </div>
      </section>
    </>
  );
}
