import { describe, expect, it } from "vitest";
import { serializeJsonLd } from "~/app/seo/json-ld";
import { listingJsonLd, type ListingForJsonLd } from "~/app/seo/structured-data";

const listing: ListingForJsonLd = {
  id: "0b6c8a52-8f7e-4a37-9d55-1f7c3a7d2e10",
  title: "Sunny room in Southbank",
  features: "Ensuite · Balcony",
  details: "Lovely views over the river",
  weeklyRent: 450,
  availableFrom: "2026-12-01",
  address: "12 Power Street",
  suburb: "Southbank",
  state: "VIC",
  postcode: "3006",
  country: "Australia",
  photos: [{ url: "/demo/rooms/room-01.webp" }, { url: "https://cdn.example/b.webp" }, { url: "//evil.example/x" }],
  latitude: -37.8243,
  longitude: 144.9587,
  status: "available",
};

describe("listingJsonLd", () => {
  const data = listingJsonLd(listing, "https://rooms.example/");

  it("is a schema.org Offer for the listing page", () => {
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Offer",
      url: "https://rooms.example/listing/0b6c8a52-8f7e-4a37-9d55-1f7c3a7d2e10",
      name: "Sunny room in Southbank",
      description: "Ensuite · Balcony. Lovely views over the river",
      businessFunction: "http://purl.org/goodrelations/v1#LeaseOut",
    });
  });

  it("prices the room per week in AUD", () => {
    expect(data.price).toBe(450);
    expect(data.priceCurrency).toBe("AUD");
    expect(data.priceSpecification).toEqual({
      "@type": "UnitPriceSpecification",
      price: 450,
      priceCurrency: "AUD",
      unitCode: "WEE",
      unitText: "week",
      referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "WEE" },
    });
    expect(data.leaseLength).toMatchObject({ minValue: 3, maxValue: 12, unitCode: "MON" });
  });

  it("is available from available_from", () => {
    expect(data.availability).toBe("https://schema.org/InStock");
    expect(data.availabilityStarts).toBe("2026-12-01");
  });

  it("has the postal address with country AU, coordinates and absolute images", () => {
    expect(data.itemOffered).toMatchObject({
      "@type": "Room",
      address: {
        "@type": "PostalAddress",
        streetAddress: "12 Power Street",
        addressLocality: "Southbank",
        addressRegion: "VIC",
        postalCode: "3006",
        addressCountry: "AU",
      },
      geo: { "@type": "GeoCoordinates", latitude: -37.8243, longitude: 144.9587 },
    });
    expect(data.image).toEqual(["https://rooms.example/demo/rooms/room-01.webp", "https://cdn.example/b.webp"]);
  });

  it("leaves out what is unknown and is out of stock without a date", () => {
    const bare = listingJsonLd(
      { id: "x", title: "Room", weeklyRent: null, availableFrom: null, photo: { url: "/p.webp" } },
      "http://localhost:3000",
    );
    expect(bare.price).toBeUndefined();
    expect(bare.priceSpecification).toBeUndefined();
    expect(bare.availabilityStarts).toBeUndefined();
    expect(bare.availability).toBe("https://schema.org/OutOfStock");
    expect(bare.description).toBeUndefined();
    expect(bare.image).toEqual(["http://localhost:3000/p.webp"]);
    expect(bare.itemOffered).toMatchObject({ address: { "@type": "PostalAddress", addressCountry: "AU" } });
  });

  it("is out of stock once let", () => {
    expect(listingJsonLd({ ...listing, status: "let" }, "https://rooms.example").availability).toBe(
      "https://schema.org/OutOfStock",
    );
  });
});

describe("serializeJsonLd", () => {
  it("cannot be broken out of by text inside the data", () => {
    const hostile = {
      name: "</script><script>alert(1)</script>",
      description: "<!-- & -->\u2028\u2029",
    };
    const json = serializeJsonLd(hostile);
    expect(json).not.toMatch(/<|>|&/);
    expect(json.toLowerCase()).not.toContain("</script");
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(hostile);
  });

  it("escapes a whole listing and round-trips", () => {
    const data = listingJsonLd({ ...listing, title: "Room </SCRIPT> & more" }, "https://rooms.example");
    const json = serializeJsonLd(data);
    expect(json).toContain("Room \\u003c/SCRIPT\\u003e \\u0026 more");
    expect(JSON.parse(json)).toEqual(data);
  });
});
