import { absoluteUrl } from "~/app/seo/meta";
import type { JsonLdObject } from "~/app/seo/json-ld";

/** What listingJsonLd reads; the listings module's `ListingDetail` has this shape. */
export interface ListingForJsonLd {
  id: string;
  title: string;
  /** The first line of the description (the features summary). */
  features?: string | null;
  details?: string | null;
  weeklyRent: number | null;
  /** Date only (YYYY-MM-DD), or null when the room is not on offer. */
  availableFrom: string | null;
  address?: string | null;
  suburb?: string | null;
  state?: string | null;
  postcode?: string | null;
  country?: string | null;
  photos?: ReadonlyArray<{ url: string }>;
  photo?: { url: string } | null;
  latitude?: number | null;
  longitude?: number | null;
  status?: string | null;
}

const AUSTRALIA = /^(australia|au|aus)$/i;

/** ISO 3166 code for the address: Australia (the only market) as AU; anything else as given. */
function countryCode(country: string | null | undefined): string {
  if (!country || AUSTRALIA.test(country.trim())) return "AU";
  return country.trim();
}

function compact<T extends JsonLdObject>(object: T): T {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== undefined && value !== null && value !== ""),
  ) as T;
}

function text(value: string | null | undefined): string | undefined {
  const clean = value?.replace(/\s+/g, " ").trim();
  return clean ? clean : undefined;
}

/**
 * schema.org JSON-LD for a listing page: an Offer (lease out) of a Room, with the weekly rent in AUD
 * (`priceSpecification` with `unitCode: "WEE"`), the lease length (3–12 months), availability from
 * `availableFrom`, the postal address (locality, region, postcode, country AU), coordinates and
 * absolute image URLs. Render it with `<JsonLd data={listingJsonLd(listing, publicUrl)} />`.
 */
export function listingJsonLd(listing: ListingForJsonLd, publicUrl: string): JsonLdObject {
  const base = publicUrl.replace(/\/+$/, "");
  const url = `${base}/listing/${encodeURIComponent(listing.id)}`;
  const photos = listing.photos?.length ? listing.photos : listing.photo ? [listing.photo] : [];
  const images = [
    ...new Set(photos.map((photo) => absoluteUrl(photo.url, base)).filter((image) => image !== undefined)),
  ];
  const description = text([listing.features, listing.details].filter(Boolean).join(". "));
  const onOffer = listing.availableFrom !== null && (listing.status ?? "available") === "available";
  const hasRent = typeof listing.weeklyRent === "number" && Number.isFinite(listing.weeklyRent);

  const address = compact({
    "@type": "PostalAddress",
    streetAddress: text(listing.address),
    addressLocality: text(listing.suburb),
    addressRegion: text(listing.state),
    postalCode: text(listing.postcode),
    addressCountry: countryCode(listing.country),
  });
  const geo =
    typeof listing.latitude === "number" && typeof listing.longitude === "number"
      ? { "@type": "GeoCoordinates", latitude: listing.latitude, longitude: listing.longitude }
      : undefined;

  return compact({
    "@context": "https://schema.org",
    "@type": "Offer",
    "@id": `${url}#offer`,
    url,
    name: text(listing.title),
    description,
    businessFunction: "http://purl.org/goodrelations/v1#LeaseOut",
    availability: onOffer ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    availabilityStarts: listing.availableFrom ?? undefined,
    price: hasRent ? listing.weeklyRent : undefined,
    priceCurrency: hasRent ? "AUD" : undefined,
    priceSpecification: hasRent
      ? {
          "@type": "UnitPriceSpecification",
          price: listing.weeklyRent,
          priceCurrency: "AUD",
          unitCode: "WEE",
          unitText: "week",
          referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "WEE" },
        }
      : undefined,
    leaseLength: { "@type": "QuantitativeValue", minValue: 3, maxValue: 12, unitCode: "MON", unitText: "months" },
    image: images.length > 0 ? images : undefined,
    itemOffered: compact({
      "@type": "Room",
      "@id": `${url}#room`,
      name: text(listing.title),
      description,
      url,
      address,
      geo,
      image: images.length > 0 ? images : undefined,
    }),
  });
}
