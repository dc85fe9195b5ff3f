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
        <p>
          <strong>What a landlord sees when you enquire.</strong> Your enquiry (move-in date, lease length, your message
          and your phone number if you choose to include it) and your first name with the initial of your last name.
          Landlords never see your e-mail address through the platform. Once the landlord replies, you see the contact
          e-mail and phone number they gave for the listing. If you delete your account, the landlord keeps their copy
          of the conversation, with you shown as &quot;Former member&quot;. If you verified your identity, landlords see
          &quot;ID verified&quot; beside your name, never your document. If you keep a renter profile, a landlord you
          have enquired with can open the proof of income or enrolment you uploaded (unless you block them); our staff
          see only that one exists. Referees you name receive one e-mail asking them to confirm. With each enquiry the
          landlord sees a screening summary made only from what you stated or verified (ID verified, e-mail confirmed,
          phone given, profile complete, references confirmed, and whether your stay, move-in date and budget fit the
          room); you see the same summary before you send. If you choose to be findable, landlords with a plan see your
          renter profile under your first name and last initial, never your e-mail, phone or documents, and may invite
          you to view a room.
        </p>
        <p>
          <strong>What everyone sees of a listing.</strong> The listing&apos;s details and photos, and its street
          position or only its suburb, as the landlord chooses.
        </p>
        <p>
          We use these service providers (processors), who may only use the information to provide their service to us:
        </p>
        <ul>
          <li>
            <strong>Payments:</strong> Stripe processes Professional Plan subscriptions and card details; we keep only
            references (customer and subscription identifiers, status, dates, card brand and last four digits).
          </li>
          <li>
            <strong>Identity verification:</strong> when you choose to verify your identity, Stripe Identity checks your
            document and selfie; we keep only the outcome, your verified name&apos;s initials, the document&apos;s
            country, the dates and a one-way fingerprint of your account name (so a new name needs a new check), never
            the images. A check holds for two years.
          </li>
          <li>
            <strong>Maps and address lookup:</strong> addresses typed into the listing form and location searches may be
            sent to our mapping provider (Google Maps Platform) when it is configured.
          </li>
          <li>
            <strong>E-mail delivery:</strong> our e-mail provider delivers account, enquiry and alert e-mails to your
            address.
          </li>
          <li>
            <strong>Writing and photo assistance:</strong> when a landlord asks us to improve a listing description, or
            when photo descriptions are switched on, the text or photos are sent to our AI provider; nothing else is.
          </li>
          <li>
            <strong>Hosting and storage:</strong> our hosting and file-storage providers keep the database and uploaded
            photos.
          </li>
        </ul>
        <p>
          We may also disclose information to our professional advisers, and to government agencies or others where
          required or authorised by law. We do not sell personal information.
        </p>
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
      <>
        <p>
          We take reasonable steps to protect personal information from misuse, interference, loss, and unauthorised
          access, modification or disclosure. Passwords are stored only as salted hashes. If a data breach is likely to
          result in serious harm, we will notify affected individuals and the Office of the Australian Information
          Commissioner (OAIC) as required by the Notifiable Data Breaches scheme.
        </p>
        <p>How long we keep things:</p>
        <ul>
          <li>
            your account, profile, listings, favourites, saved searches and conversations: until you delete them or your
            account;
          </li>
          <li>sign-in sessions: 7 days after your last visit (renewed at most once a day while you use the site);</li>
          <li>
            sign-in links, e-mailed codes and password-reset links: 15 minutes; e-mail confirmation links: 24 hours;
          </li>
          <li>photos uploaded but never added to a listing: deleted after a day;</li>
          <li>
            a proof of income or enrolment on your renter profile: 12 months after you upload it, or sooner if you
            delete it;
          </li>
          <li>identity checks: a passed check holds for two years; the record goes when you delete your account;</li>
          <li>
            listing visit counts: the addresses behind them become daily keys that are deleted within two days; only
            anonymous daily totals are kept;
          </li>
          <li>
            e-mails we send: delivered messages keep only the recipient, subject and delivery record, not the message
            text;
          </li>
          <li>
            the audit log of changes made by our staff and through the API: kept permanently, so changes can be
            accounted for; the record of an account&apos;s deletion names nobody.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "access-and-correction",
    title: "Access, Correction and Deletion",
    content: (
      <>
        <p>
          You can update most account details yourself in your account settings. At{" "}
          <Link to="/settings/account">Account settings</Link> you can <strong>download your data</strong> (a file with
          your profile, listings and their photos, favourites, saved searches, conversations, subscription and the
          changes you made) and <strong>delete your account</strong>. Deleting your account cancels any subscription,
          removes your listings and their photos, your profile, favourites, saved searches and API keys, and signs you
          out; the people you talked with keep their copy of your conversations, with you shown as &quot;Former
          member&quot;. Our payment provider keeps its own billing records as the law requires.
        </p>
        <p>
          You may also ask us for access to or correction of the personal information we hold about you, or to delete
          your account for you, by e-mailing <a href={`mailto:${contactEmail}`}>{contactEmail}</a>. We will respond
          within a reasonable period, usually 30 days. If we refuse a request, we will tell you why and how to complain.
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
