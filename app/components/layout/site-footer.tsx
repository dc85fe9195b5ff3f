import { Link } from "react-router";
import { Logo } from "~/app/components/layout/logo";
import { lazyOnIntent } from "~/app/components/ui/deferred";

// The server renders the form (it posts without JavaScript); its script loads at the first intent.
const NewsletterForm = lazyOnIntent(() =>
  import("~/app/components/newsletter/newsletter-form").then((module) => module.NewsletterForm),
);

const COMPANY_LINKS = [
  { to: "/about", label: "About" },
  { to: "/careers", label: "Careers" },
  { to: "/press", label: "Press" },
  { to: "/blog", label: "Blog" },
] as const;

const LEGAL_LINKS = [
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms of Service" },
  { to: "/cookies", label: "Cookie Policy" },
] as const;

function FooterLinks({
  id,
  heading,
  links,
}: {
  id: string;
  heading: string;
  links: readonly { to: string; label: string }[];
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold tracking-wider text-white uppercase">
        {heading}
      </h2>
      <ul className="mt-4 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="rounded text-slate-300 hover:text-white">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The contact line under the logo (from the back-office's site settings); plain text, the Contact page has the links. */
export interface FooterContact {
  phone: string;
  email: string;
}

export function SiteFooter({ siteName, contact }: { siteName: string; contact?: FooterContact | undefined }) {
  return (
    <footer className="bg-secondary text-secondary-foreground">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="space-y-4">
          <Logo siteName={siteName} />
          <p className="max-w-xs text-sm leading-6 text-slate-300">
            Furnished rooms on 3 to 12 month leases in Melbourne&apos;s CBD and inner suburbs.
          </p>
          {contact && (
            <p className="text-sm leading-6 text-slate-300">
              {contact.phone} · {contact.email}
            </p>
          )}
        </div>
        <FooterLinks id="footer-company" heading="Company" links={COMPANY_LINKS} />
        <FooterLinks id="footer-legal" heading="Legal" links={LEGAL_LINKS} />
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="text-sm font-semibold tracking-wider text-white uppercase">
            Newsletter
          </h2>
          <p className="mt-4 text-sm text-slate-300">New rooms and renting tips, once a month.</p>
          <NewsletterForm source="footer" inputId="footer-newsletter-email" className="mt-4" />
        </section>
      </div>
      <div className="border-t border-slate-700">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {siteName}. Melbourne, Victoria.
        </p>
      </div>
    </footer>
  );
}
