import { Link } from "react-router";
import type { Route } from "./+types/terms";
import { LegalPage, type LegalSection } from "~/app/components/legal/legal-page";
import { PROFESSIONAL_PLAN } from "~/app/content/plan";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { database } from "~/lib/request-context";
import { getSiteContact } from "~/modules/settings/site-contact.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Terms of Service",
      description:
        "The terms that apply when you use Laneway Rooms to search, list or rent furnished rooms on mid-term leases in Melbourne, Victoria.",
      path: "/terms",
    },
    rootMetaData(matches),
  );
}

/** The sections, with the contact e-mail the back-office keeps. */
const sections = (contactEmail: string): readonly LegalSection[] => [
  {
    id: "acceptance",
    title: "Acceptance of These Terms",
    content: (
      <p>
        These terms apply to your use of the Laneway Rooms website and marketplace. By creating an account, listing a
        property or otherwise using the platform you agree to them. If you do not agree, please do not use the platform.
      </p>
    ),
  },
  {
    id: "our-role",
    title: "Our Role as a Marketplace",
    content: (
      <>
        <p>
          Laneway Rooms is an online marketplace that connects people looking for furnished rooms on mid-term leases of
          3 to 12 months with landlords who offer them. We are not a real estate agent for either party, and we are not
          a party to any tenancy agreement made between a landlord and a tenant.
        </p>
        <p>
          Any agreement to rent a room is made directly between the landlord and the tenant, who are each responsible
          for its terms and for meeting their obligations under it.
        </p>
      </>
    ),
  },
  {
    id: "tenancy-law",
    title: "Residential Tenancy Law in Victoria",
    content: (
      <>
        <p>
          Rooms in Victoria are generally rented under the Residential Tenancies Act 1997 (Vic), which gives renters and
          rental providers rights and obligations that cannot be excluded by agreement. Nothing in these terms limits
          those rights.
        </p>
        <p>
          Consumer Affairs Victoria provides information about renting, including forms, minimum standards and dispute
          resolution, at <a href="https://www.consumer.vic.gov.au">www.consumer.vic.gov.au</a>. We encourage both
          landlords and tenants to read it before entering into an agreement.
        </p>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Accounts",
    content: (
      <p>
        You must give accurate information when you register and keep your sign-in details secure. You are responsible
        for activity on your account. Tell us promptly if you think your account has been used without permission.
      </p>
    ),
  },
  {
    id: "landlord-obligations",
    title: "Landlord Obligations",
    content: (
      <>
        <p>If you list a property, you must:</p>
        <ul>
          <li>
            make sure each listing is accurate and not misleading, including the weekly rent, the room, the furniture
            included, the address and availability dates;
          </li>
          <li>have the right to rent the room and comply with all laws that apply to renting it;</li>
          <li>
            only ask for a bond permitted by law, and lodge any bond with the Residential Tenancies Bond Authority
            (RTBA) as required;
          </li>
          <li>meet the minimum standards and other obligations of a rental provider in Victoria; and</li>
          <li>not discriminate unlawfully against any prospective tenant.</li>
        </ul>
        <p>We may edit, suspend or remove listings that do not meet these terms.</p>
      </>
    ),
  },
  {
    id: "professional-plan",
    title: "The Professional Plan",
    content: (
      <>
        <p>
          Landlords need an active {PROFESSIONAL_PLAN.name} subscription to list properties. The{" "}
          {PROFESSIONAL_PLAN.name} costs {PROFESSIONAL_PLAN.priceText} {PROFESSIONAL_PLAN.period} (including GST where
          applicable), billed monthly in advance through our payment provider.
        </p>
        <ul>
          <li>
            New subscribers receive a {PROFESSIONAL_PLAN.trialDays}-day free trial. Unless you cancel before the trial
            ends, your subscription then renews each month.
          </li>
          <li>
            You can cancel anytime from your billing settings. Cancellation takes effect at the end of the current
            billing period, and your listings stop being shown after that.
          </li>
          <li>We will give you reasonable notice before any change to the price.</li>
        </ul>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable Use",
    content: (
      <>
        <p>You must not use the platform to:</p>
        <ul>
          <li>post false, misleading or fraudulent listings or requests for payment;</li>
          <li>harass, threaten or discriminate against other users;</li>
          <li>collect other users&apos; personal information for unrelated purposes or send spam;</li>
          <li>copy, scrape or resell listings, or access the platform by automated means other than our API; or</li>
          <li>interfere with the security or operation of the platform.</li>
        </ul>
        <p>We may suspend or close accounts that breach these terms.</p>
      </>
    ),
  },
  {
    id: "liability",
    title: "Liability and the Australian Consumer Law",
    content: (
      <>
        <p>
          Our services come with guarantees that cannot be excluded under the Australian Consumer Law. Nothing in these
          terms excludes, restricts or modifies any right or remedy you have under the Australian Consumer Law or any
          other law that cannot be excluded.
        </p>
        <p>
          To the extent permitted by law, we are not liable for the conduct of landlords or tenants, the condition of
          any property, or any tenancy agreement between users, and our liability for a failure to comply with a
          consumer guarantee is limited to supplying the services again or paying the cost of having them supplied
          again.
        </p>
      </>
    ),
  },
  {
    id: "privacy",
    title: "Privacy",
    content: (
      <p>
        We handle personal information in accordance with our <Link to="/privacy">Privacy Policy</Link> and our use of
        cookies is described in our <Link to="/cookies">Cookie Policy</Link>.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to These Terms",
    content: (
      <p>
        We may change these terms from time to time. We will post the updated terms on this page and tell account
        holders about significant changes before they take effect.
      </p>
    ),
  },
  {
    id: "governing-law",
    title: "Governing Law",
    content: (
      <p>
        These terms are governed by the laws of Victoria, Australia. You and we submit to the non-exclusive jurisdiction
        of the courts of Victoria.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact Us",
    content: (
      <p>
        Questions about these terms can be sent to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
      </p>
    ),
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { email: (await getSiteContact(database(context))).legalEmail };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title="Terms of Service"
      lastUpdated="March 2024"
      intro={
        <p>
          Please read these terms carefully. They explain how the Laneway Rooms marketplace works and the rules for
          tenants and landlords who use it.
        </p>
      }
      sections={sections(loaderData.email)}
    />
  );
}
