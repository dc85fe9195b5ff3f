import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { demoListings } from "~/scripts/seed/demo-listings";
import { demoPosts } from "~/scripts/seed/demo-posts";
import { demoAccounts } from "~/scripts/seed/demo-accounts";

const PUBLIC = fileURLToPath(new URL("../../public", import.meta.url));
const NOW = new Date("2026-11-20T03:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;

const listings = demoListings(NOW);
const posts = demoPosts(NOW);

/** Inner Melbourne, generously: from Brunswick down to St Kilda, Docklands across to Abbotsford. */
const BOUNDS = { south: -37.875, north: -37.755, west: 144.93, east: 145.015 };

describe("demo listings", () => {
  it("has valid, varied stay facts that agree with each listing's own text", () => {
    for (const listing of listings) {
      expect(listing.minLeaseMonths).toBeGreaterThanOrEqual(3);
      expect(listing.maxLeaseMonths).toBeLessThanOrEqual(12);
      expect(listing.minLeaseMonths).toBeLessThanOrEqual(listing.maxLeaseMonths);
      expect(listing.description).toContain(String(listing.minLeaseMonths));
      if (listing.billsIncluded.length === 4) expect(listing.billsEstimate).toBeNull();
      if (listing.billsIncluded.length === 0) expect(listing.billsCap).toBeNull();
    }
    expect(new Set(listings.map((l) => `${l.minLeaseMonths}-${l.maxLeaseMonths}`)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(listings.map((l) => l.billsIncluded.length)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(listings.map((l) => l.roomType)).size).toBeGreaterThanOrEqual(2);
  });

  it("has at least 60 listings with unique titles", () => {
    expect(listings.length).toBeGreaterThanOrEqual(60);
    expect(new Set(listings.map((l) => l.listingTitle)).size).toBe(listings.length);
  });

  it("gives landlord@example.com 8 to 12 listings and the rest to the other demo landlords", () => {
    const owned = listings.filter((l) => l.owner === "landlord@example.com").length;
    expect(owned).toBeGreaterThanOrEqual(8);
    expect(owned).toBeLessThanOrEqual(12);
    const landlords = new Set<string>(demoAccounts.filter((a) => a.role === "landlord").map((a) => a.email));
    for (const l of listings) expect(landlords.has(l.owner), l.owner).toBe(true);
    expect(listings.filter((l) => l.owner === "landlord.pending@example.com").length).toBeLessThanOrEqual(2);
  });

  it("uses Victorian addresses with coordinates inside inner Melbourne", () => {
    for (const l of listings) {
      expect(l.state).toBe("VIC");
      expect(l.country).toBe("Australia");
      expect(l.postcode).toMatch(/^3\d{3}$/);
      expect(l.address.trim()).not.toBe("");
      expect(l.latitude, l.listingTitle).toBeGreaterThan(BOUNDS.south);
      expect(l.latitude, l.listingTitle).toBeLessThan(BOUNDS.north);
      expect(l.longitude, l.listingTitle).toBeGreaterThan(BOUNDS.west);
      expect(l.longitude, l.listingTitle).toBeLessThan(BOUNDS.east);
    }
    expect(new Set(listings.map((l) => l.suburb)).size).toBeGreaterThanOrEqual(12);
  });

  it("has a features line and at least one line of details in every description", () => {
    const descriptions = listings.map((l) => l.description);
    expect(new Set(descriptions).size).toBe(listings.length);
    for (const d of descriptions) {
      const lines = d.split("\n");
      expect(lines[0]?.trim()).toBeTruthy();
      expect(lines.slice(1).filter((line) => line.trim()).length).toBeGreaterThanOrEqual(1);
      expect(d).not.toMatch(/lorem|ipsum/i);
    }
  });

  it("has non-negative, varied weekly rents", () => {
    for (const l of listings) {
      expect(l.weeklyRent).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(Math.round(l.weeklyRent * 100))).toBe(true);
    }
    const rents = listings.map((l) => l.weeklyRent);
    expect(Math.min(...rents)).toBeGreaterThanOrEqual(260);
    expect(Math.max(...rents)).toBeLessThanOrEqual(780);
    expect(rents.some((r) => !Number.isInteger(r))).toBe(true);
  });

  it("spreads availability from two weeks ago to five months ahead, with a few let rooms", () => {
    const dates = listings.map((l) => l.availableFrom);
    const unavailable = dates.filter((d) => d === null);
    expect(unavailable.length).toBeGreaterThanOrEqual(3);
    expect(unavailable.length).toBeLessThanOrEqual(4);
    for (const l of listings) expect(l.status).toBe(l.availableFrom === null ? "let" : "available");
    const from = new Date(NOW.getTime() - 15 * DAY).toISOString().slice(0, 10);
    const to = new Date(NOW.getTime() + 155 * DAY).toISOString().slice(0, 10);
    for (const d of dates) {
      if (d === null) continue;
      expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(d >= from && d <= to, d).toBe(true);
    }
  });

  it("creates listings over the last 120 days, all at different times", () => {
    const times = listings.map((l) => l.createdAt.getTime());
    expect(new Set(times).size).toBe(listings.length);
    for (const t of times) {
      expect(t).toBeLessThan(NOW.getTime());
      expect(t).toBeGreaterThan(NOW.getTime() - 121 * DAY);
    }
  });

  it("has 3 to 6 bundled photos per listing, except 2 or 3 without any, each with a phone-sized variant", () => {
    const withoutPhotos = listings.filter((l) => l.photos.length === 0).length;
    expect(withoutPhotos).toBeGreaterThanOrEqual(2);
    expect(withoutPhotos).toBeLessThanOrEqual(3);
    for (const l of listings) {
      if (l.photos.length === 0) continue;
      expect(l.photos.length).toBeGreaterThanOrEqual(3);
      expect(l.photos.length).toBeLessThanOrEqual(6);
      for (const p of l.photos) {
        expect(p.alt?.trim()).toBeTruthy();
        expect((p.variants ?? []).map((v) => v.width)).toEqual([480, 800, 1200]);
        for (const url of [p.url, ...(p.variants ?? []).map((v) => v.url)]) {
          // Named by content, so the server may let browsers keep them for a year.
          expect(url).toMatch(/^\/demo\/rooms\/[a-z0-9-]+\.[0-9a-f]{10}\.webp$/);
          const file = join(PUBLIC, url);
          expect(existsSync(file), url).toBe(true);
          expect(statSync(file).size).toBeGreaterThan(1000);
        }
      }
    }
  });

  it("contains words people search for, in varying case", () => {
    const text = listings.map((l) => `${l.listingTitle}\n${l.description}`);
    for (const word of ["balcony", "ensuite", "pet-friendly", "parking", "gym"]) {
      const hits = text.filter((t) => t.toLowerCase().includes(word));
      expect(hits.length, word).toBeGreaterThanOrEqual(2);
    }
    expect(text.some((t) => t.includes("Balcony") || t.includes("Ensuite") || t.includes("PET-FRIENDLY"))).toBe(true);
  });

  it("is deterministic", () => {
    expect(demoListings(new Date(NOW))).toEqual(listings);
  });
});

describe("demo posts", () => {
  const published = posts.filter((p) => p.status === "published");
  const drafts = posts.filter((p) => p.status === "draft");

  it("has at least 8 published posts covering blog, news and press, and exactly 2 drafts", () => {
    expect(published.length).toBeGreaterThanOrEqual(8);
    expect(published.filter((p) => p.type === "blog").length).toBeGreaterThanOrEqual(5);
    expect(published.filter((p) => p.type === "news").length).toBeGreaterThanOrEqual(2);
    expect(published.filter((p) => p.type === "press").length).toBeGreaterThanOrEqual(2);
    expect(drafts.length).toBe(2);
  });

  it("has unique, well-formed slugs", () => {
    expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);
    for (const p of posts) expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("has clean HTML content of 300 to 700 words", () => {
    for (const p of posts) {
      expect(p.content).not.toMatch(/<script/i);
      expect(p.content).not.toMatch(/\son\w+\s*=/i);
      expect(p.content).not.toMatch(/javascript:/i);
      expect(p.content).not.toMatch(/\sstyle\s*=/i);
      for (const [, href] of p.content.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^https:\/\//);
      const tags = new Set([...p.content.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]?.toLowerCase()));
      for (const tag of tags)
        expect(["h2", "h3", "p", "ul", "ol", "li", "strong", "em", "a", "blockquote"]).toContain(tag);
      const words = p.content
        .replace(/<[^>]+>/g, " ")
        .split(/\s+/)
        .filter(Boolean).length;
      expect(words, p.slug).toBeGreaterThanOrEqual(300);
      expect(words, p.slug).toBeLessThanOrEqual(700);
      expect(p.title.trim()).toBeTruthy();
      expect(p.excerpt.trim()).toBeTruthy();
    }
  });

  it("dates published posts within the last year, press in 2024, and drafts without a publish date", () => {
    for (const p of published) {
      expect(p.publishedAt).toBeInstanceOf(Date);
      const at = p.publishedAt?.getTime() ?? 0;
      expect(p.createdAt.getTime()).toBeLessThanOrEqual(at);
      if (p.type === "press") expect(p.publishedAt?.getUTCFullYear()).toBe(2024);
      else {
        expect(at).toBeLessThan(NOW.getTime());
        expect(at).toBeGreaterThan(NOW.getTime() - 366 * DAY);
      }
    }
    for (const p of drafts) expect(p.publishedAt).toBeNull();
  });

  it("points featured images at bundled files, leaving some posts without one", () => {
    const images = posts.map((p) => p.featuredImage);
    expect(images.some((i) => i === null)).toBe(true);
    for (const image of images) {
      if (image === null) continue;
      expect(image).toMatch(/^\/demo\/blog\/[a-z0-9-]+\.webp$/);
      expect(existsSync(join(PUBLIC, image)), image).toBe(true);
    }
  });

  it("is deterministic", () => {
    expect(demoPosts(new Date(NOW))).toEqual(posts);
  });
});
