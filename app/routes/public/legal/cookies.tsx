import { Link } from "react-router";
import type { Route } from "./+types/cookies";
import { CONSENT_COOKIE, FLAG_COOKIES } from "~/app/components/consent/consent";
import { LegalPage, type LegalSection } from "~/app/components/legal/legal-page";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/app/components/ui/table";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { database } from "~/lib/request-context";
import { getSiteContact } from "~/modules/settings/site-contact.server";
import { LAST_PATH_COOKIE, VISITED_COOKIE } from "~/lib/landing-path";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Cookie Policy",
      description:
        "The cookies Laneway Rooms sets, what each one is for, how long it lasts and how to change your cookie preferences.",
      path: "/cookies",
    },
    rootMetaData(matches),
  );
}

type Category = "Essential" | "Analytics" | "Marketing";

const COOKIES: readonly { name: string; purpose: string; category: Category; duration: string }[] = [
  {
    name: CONSENT_COOKIE,
    purpose: "Remembers your cookie choices (whether analytics and marketing cookies are allowed).",
    category: "Essential",
    duration: "365 days",
  },
  {
    name: FLAG_COOKIES.essential,
    purpose: "Records that you have been asked about cookies and essential cookies are in use.",
    category: "Essential",
    duration: "365 days",
  },
  {
    name: "Session cookie (set when you sign in)",
    purpose: "Keeps you signed in to your account as you move between pages.",
    category: "Essential",
    duration: "Session",
  },
  {
    name: LAST_PATH_COOKIE,
    purpose: "Remembers the last page you viewed, so a later visit to the home page can take you back to it.",
    category: "Essential",
    duration: "365 days",
  },
  {
    name: VISITED_COOKIE,
    purpose: "Records that you have visited before, so the home page is shown on your first visit.",
    category: "Essential",
    duration: "365 days",
  },
  {
    name: FLAG_COOKIES.analytics,
    purpose: "Set only when you allow analytics cookies; lets analytics scripts run.",
    category: "Analytics",
    duration: "365 days",
  },
  {
    name: FLAG_COOKIES.marketing,
    purpose: "Set only when you allow marketing cookies; lets marketing scripts run.",
    category: "Marketing",
    duration: "365 days",
  },
];

/** The sections, with the contact e-mail the back-office keeps. */
const sections = (contactEmail: string): readonly LegalSection[] => [
  {
    id: "what-are-cookies",
    title: "What Are Cookies",
    content: (
      <p>
        Cookies are small text files a website stores in your browser. They let the site remember things between page
        views and visits, such as your sign-in or your choices. This policy explains the cookies Laneway Rooms sets and
        should be read with our <Link to="/privacy">Privacy Policy</Link>.
      </p>
    ),
  },
  {
    id: "categories",
    title: "Cookie Categories",
    content: (
      <ul>
        <li>
          <strong>Essential</strong> cookies are needed for the site to work and to remember your choices. They are
          always on.
        </li>
        <li>
          <strong>Analytics</strong> cookies help us understand how the site is used so we can improve it. They are only
          set if you allow them.
        </li>
        <li>
          <strong>Marketing</strong> cookies support marketing that is relevant to you. They are only set if you allow
          them.
        </li>
      </ul>
    ),
  },
  {
    id: "cookies-we-use",
    title: "Cookies We Use",
    content: (
      <>
        <p>These are the cookies Laneway Rooms sets itself. They are first-party cookies, sent only to our own site.</p>
        <Table aria-label="Cookies we use">
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Purpose</TableHead>
              <TableHead>Category</TableHead>
              <TableHead>Duration</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {COOKIES.map((cookie) => (
              <TableRow key={cookie.name}>
                <TableCell
                  valign="top"
                  className={cookie.duration === "Session" ? "font-semibold" : "font-mono text-xs font-semibold"}
                >
                  {cookie.name}
                </TableCell>
                <TableCell valign="top" className="min-w-44">
                  {cookie.purpose}
                </TableCell>
                <TableCell valign="top">{cookie.category}</TableCell>
                <TableCell valign="top" className="whitespace-nowrap">
                  {cookie.duration}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </>
    ),
  },
  {
    id: "your-choices",
    title: "Changing Your Choices",
    content: (
      <>
        <p>
          When you first visit, the Cookie Preferences banner lets you choose whether to allow analytics and marketing
          cookies, with Save Preferences or Accept All. Essential cookies are always on.
        </p>
        <p>
          To change your choices later, clear the cookies for this site in your browser settings; the Cookie Preferences
          banner will then ask you again on your next visit. Clearing cookies also signs you out and forgets the last
          page you viewed. Most browsers also let you block cookies altogether, but parts of the site, such as signing
          in, will not work without essential cookies.
        </p>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to This Policy",
    content: (
      <p>
        If we add or change cookies, we will update this page and the date at the top of it, and ask for your consent
        again where needed.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact Us",
    content: (
      <p>
        Questions about cookies can be sent to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
      </p>
    ),
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { email: (await getSiteContact(database(context))).privacyEmail };
}

export default function Cookies({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title="Cookie Policy"
      lastUpdated="March 2024"
      intro={<p>This policy explains which cookies we use, why, and how you can control them.</p>}
      sections={sections(loaderData.email)}
    />
  );
}
