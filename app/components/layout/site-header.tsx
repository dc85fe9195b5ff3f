import { useEffect, useId, useState, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Icon } from "~/app/components/ui/icon";
import { cn } from "~/app/components/ui/cn";
import { Logo } from "~/app/components/layout/logo";
import { HEADER_SHRINK_THRESHOLD, usesDarkHeaderText } from "~/app/components/layout/header-theme";

export const NAV_LINKS = [
  { to: "/search", label: "Search" },
  { to: "/list-property", label: "List my property" },
  { to: "/property-management", label: "Property Management" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

export interface SiteHeaderProps {
  siteName: string;
  /** The signed-in account controls; when absent the Sign In and Register links show. */
  account?: ReactNode;
  /** A notice for the signed-in viewer, shown under the bar on every page (e.g. a failed payment). */
  notice?: ReactNode;
}

export function SiteHeader({ siteName, account, notice }: SiteHeaderProps) {
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(HEADER_SHRINK_THRESHOLD);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  // With a notice under it the bar is solid, so it reads the same over any page.
  const dark = scrolled || Boolean(notice) || usesDarkHeaderText(pathname);

  return (
    <header
      data-scrolled={scrolled}
      data-text={dark ? "dark" : "light"}
      className={cn(
        "fixed inset-x-0 top-0 z-50 transition-all duration-300 motion-reduce:transition-none",
        scrolled ? "px-3 pt-3" : "px-0 pt-0",
        notice && !scrolled && "bg-white shadow-sm",
      )}
    >
      <div
        className={cn(
          "mx-auto flex items-center justify-between gap-2 transition-all duration-300 motion-reduce:transition-none sm:gap-4",
          scrolled
            ? "h-14 max-w-6xl rounded-full border border-white/60 bg-white/80 px-3 shadow-lg backdrop-blur-md sm:px-5"
            : "h-20 max-w-7xl px-4 sm:px-6 lg:px-8",
          dark ? "text-slate-900" : "text-white",
        )}
      >
        <Link to="/" className="rounded-md" aria-label={`${siteName} home`}>
          <Logo siteName={siteName} />
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    cn(
                      "rounded-full px-3 py-2 text-sm font-medium transition-colors",
                      dark ? "hover:bg-slate-900/5" : "hover:bg-white/10",
                      isActive && "underline decoration-2 underline-offset-8",
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-1 sm:gap-2">
          {account ?? (
            <>
              {/* Full page loads: the auth screen runs its own document. */}
              <a
                href="/auth?view=sign_in"
                className={cn(
                  "hidden rounded-full px-4 py-2 text-sm font-medium sm:inline-flex",
                  dark ? "hover:bg-slate-900/5" : "hover:bg-white/10",
                )}
              >
                Sign In
              </a>
              <a
                href="/auth?view=sign_up"
                className="inline-flex rounded-full bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover"
              >
                Register
              </a>
            </>
          )}
          <button
            type="button"
            className={cn("rounded-full p-2 lg:hidden", dark ? "hover:bg-slate-900/5" : "hover:bg-white/10")}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <Icon name="x" className="size-5" /> : <Icon name="menu" className="size-5" />}
            <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
          </button>
        </div>
      </div>
      {notice}

      {/* Only the menu button opens it, and that needs JavaScript: its links render when it opens,
          not hidden in every page's HTML. */}
      <nav
        id={menuId}
        aria-label="Main (mobile)"
        hidden={!menuOpen}
        className="mx-3 mt-2 rounded-2xl border bg-white p-2 text-slate-900 shadow-xl lg:hidden"
      >
        {menuOpen && (
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  onClick={() => setMenuOpen(false)}
                  className="block rounded-xl px-4 py-3 text-base font-medium hover:bg-slate-100"
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            {!account && (
              <li className="sm:hidden">
                <a
                  href="/auth?view=sign_in"
                  className="block rounded-xl px-4 py-3 text-base font-medium hover:bg-slate-100"
                >
                  Sign In
                </a>
              </li>
            )}
          </ul>
        )}
      </nav>
    </header>
  );
}
