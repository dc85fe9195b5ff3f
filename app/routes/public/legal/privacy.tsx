import { Link } from "react-router";
import type { Route } from "./+types/privacy";
import { LegalPage, type LegalSection } from "~/app/components/legal/legal-page";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { database } from "~/lib/request-context";
import { getSiteContact } from "~/modules/settings/site-contact.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Privacy Policy",
      description:
        "How Laneway Rooms collects, uses, discloses and protects personal information under the Australian Privacy Principles and the Privacy Act 1988 (Cth).",
      path: "/privacy",
    },
    rootMetaData(matches),
  );
}

/** The sections, with the contact e-mail the back-office keeps. */
const sections = (contactEmail: string): readonly LegalSection[] => [
  {
    id: "about-this-policy",
    title: "About This Policy",
    content: (
      <>
        <p>
          This policy explains how Laneway Rooms (&quot;we&quot;, &quot;us&quot;) handles personal information when you
          use our website and marketplace for furnished rooms on mid-term leases in Melbourne. We handle personal
          information in accordance with the Australian Privacy Principles (APPs) in the Privacy Act 1988 (Cth).
        </p>
        <p>
          Personal information means information or an opinion about an identified individual, or an individual who is
          reasonably identifiable.
        </p>
      </>
    ),
  },
  {
    id: "information-we-collect",
    title: "Information We Collect",
    content: (
      <>
        <p>Depending on how you use the platform, we may collect:</p>
        <ul>
          <li>
            <strong>Account information:</strong> your name, e-mail address, phone number, password (stored in hashed
            form), profile details and sign-in records.
          </li>
          <li>
            <strong>Listing information:</strong> if you are a landlord, the property address, room details, photos,
            weekly rent, availability dates and descriptions you provide.
          </li>
          <li>
            <strong>Messages and enquiries:</strong> what you send through our contact form or to other users, and your
            correspondence with us.
          </li>
          <li>
            <strong>Payment references:</strong> subscription payments are processed by our payment provider. We receive
            and keep references such as a customer identifier, subscription status and billing dates; we do not store
            your full card number.
          </li>
          <li>
            <strong>Usage information:</strong> pages you visit, searches, favourite listings, device and browser
            information, IP address and cookies (see our <Link to="/cookies">Cookie Policy</Link>).
          </li>
        </ul>
        <p>
          We collect most information directly from you. You may use the site without an account, but some features,
          such as saving favourites or listing a property, need one.
        </p>
      </>
    ),
  },
  {
    id: "why-we-collect",
    title: "Why We Collect and Use It",
    content: (
      <>
        <p>We collect, hold and use personal information to:</p>
        <ul>
          <li>create and manage your account and verify your identity when you sign in;</li>
          <li>publish listings and help tenants and landlords find and contact each other;</li>
          <li>provide and bill the Professional Plan subscription;</li>
          <li>respond to enquiries and provide customer support;</li>
          <li>keep the platform secure, prevent fraud and misuse, and enforce our Terms of Service;</li>
          <li>understand how the site is used and improve it, where you have allowed analytics cookies; and</li>
          <li>comply with our legal obligations.</li>
        </ul>
        <p>
          We will only use your information for another purpose if you consent, or if the Privacy Act otherwise allows
          it.
        </p>
      </>
    ),
  },
  {
    id: "disclosure",
    title: "Disclosure of Personal Information",
    content: (
      <>
        <p>We may disclose personal information to:</p>
        <ul>
          <li>
            landlords or tenants you choose to contact through the platform, together with the details you include in
            your enquiry;
          </li>
          <li>
            service providers who help us run the platform, such as hosting, e-mail delivery, mapping and address
            lookup, and payment processing, who may only use it to provide their services to us;
          </li>
          <li>our professional advisers, such as lawyers and accountants; and</li>
          <li>government agencies or others where required or authorised by law.</li>
        </ul>
        <p>We do not sell personal information.</p>
      </>
    ),
  },
  {
    id: "overseas-disclosure",
    title: "Overseas Disclosure",
    content: (
      <p>
        Some of our service providers, such as payment, e-mail and cloud providers, may store or process information
        outside Australia. Where we disclose personal information overseas, we take reasonable steps, as required by APP
        8, to ensure the recipient handles it consistently with the APPs.
      </p>
    ),
  },
  {
    id: "security-and-retention",
    title: "Security and Retention",
    content: (
      <p>
        We take reasonable steps to protect personal information from misuse, interference, loss, and unauthorised
        access, modification or disclosure. We keep information only for as long as we need it for the purposes in this
        policy or as required by law, and then delete or de-identify it. If a data breach is likely to result in serious
        harm, we will notify affected individuals and the Office of the Australian Information Commissioner (OAIC) as
        required by the Notifiable Data Breaches scheme.
      </p>
    ),
  },
  {
    id: "access-and-correction",
    title: "Access and Correction",
    content: (
      <>
        <p>
          You may ask for access to the personal information we hold about you and ask us to correct it if it is
          inaccurate, out of date, incomplete, irrelevant or misleading. You can update most account details yourself in
          your account settings.
        </p>
        <p>
          To make a request, e-mail <a href={`mailto:${contactEmail}`}>{contactEmail}</a>. We will respond within a
          reasonable period, usually 30 days. If we refuse a request, we will tell you why and how to complain.
        </p>
      </>
    ),
  },
  {
    id: "complaints",
    title: "Complaints",
    content: (
      <>
        <p>
          If you believe we have breached the APPs, please contact us first at{" "}
          <a href={`mailto:${contactEmail}`}>{contactEmail}</a> with details of your concern. We will investigate and
          respond in writing.
        </p>
        <p>
          If you are not satisfied with our response, you may complain to the Office of the Australian Information
          Commissioner (OAIC) at <a href="https://www.oaic.gov.au">www.oaic.gov.au</a>.
        </p>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to This Policy",
    content: (
      <p>
        We may update this policy from time to time. The date at the top of this page shows when it last changed, and we
        will tell account holders about significant changes.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact Us",
    content: (
      <p>
        Questions about this policy or your personal information can be sent to our privacy officer at{" "}
        <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
      </p>
    ),
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { email: (await getSiteContact(database(context))).privacyEmail };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title="Privacy Policy"
      lastUpdated="March 2024"
      intro={
        <p>
          Your privacy matters to us. This policy describes what personal information Laneway Rooms collects, why, who
          we share it with and the choices you have.
        </p>
      }
      sections={sections(loaderData.email)}
    />
  );
}
