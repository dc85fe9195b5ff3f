import { randomUUID } from "node:crypto";
import { test as base, expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD } from "./auth";
import { linkFrom, waitForMail } from "./mail";

/**
 * Test data made through the product's own flows over plain HTTP (sign-up form, the confirmation
 * link from the mail catcher, sign-in form, the listing form), never by reaching into the database:
 * a test that changes a user or a listing makes its own, so parallel tests never share one.
 *
 *   import { expect, test } from "./support/fixtures";
 *   test("…", async ({ page, createUser, signInAs, createListing }) => {
 *     const user = await createUser();           // a fresh, confirmed tenant
 *     await signInAs(user);                       // the page's browser is signed in as them
 *     const listing = await createListing();      // a fresh listing owned by LISTING_OWNER
 *   });
 */

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface TestListing {
  id: string;
  title: string;
}

/**
 * Fresh listings belong to this demo landlord (active subscription): a fresh user cannot subscribe
 * over HTTP, and no test counts this landlord's listings. Sign in as LISTING_OWNER to manage them.
 */
export const LISTING_OWNER: TestUser = {
  email: "mei.lin@example.com",
  password: DEMO_PASSWORD,
  firstName: "Mei",
  lastName: "Lin",
};

/**
 * Each client posts from its own address (the e2e server believes X-Forwarded-For from loopback),
 * so the per-address limits on sign-up and sign-in count each fixture on its own.
 */
function clientAddress(): string {
  const bytes = randomUUID().replace(/-/g, "").slice(0, 4);
  return `198.18.${parseInt(bytes.slice(0, 2), 16)}.${parseInt(bytes.slice(2, 4), 16)}`;
}

/** A cookie-keeping HTTP client whose posts come from this site, as the browser's forms do. */
export function newClient(baseURL: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, "x-forwarded-for": clientAddress() },
  });
}

/** Registers through the sign-up form and confirms the address with the link from the e-mail. */
export async function createUser(baseURL: string, fields: Partial<Omit<TestUser, "email">> = {}): Promise<TestUser> {
  const user: TestUser = {
    email: `user-${randomUUID()}@example.com`,
    password: fields.password ?? "a-fresh-password",
    firstName: fields.firstName ?? "Ada",
    lastName: fields.lastName ?? "Fresh",
  };
  const client = await newClient(baseURL);
  try {
    const signUp = await client.post("/auth", {
      form: { intent: "sign_up", ...user, phone: "0412345678" },
      maxRedirects: 0,
    });
    expect(await signUp.text(), "sign-up").toContain("Check your email for the confirmation link.");
    const link = new URL(linkFrom(await waitForMail(client, user.email, /Confirm your e-mail/i), baseURL));
    const confirm = await client.post("/auth/confirm", {
      form: { type: "email", token: link.searchParams.get("token") ?? "" },
      maxRedirects: 0,
    });
    expect(confirm.status(), "e-mail confirmation").toBe(302);
  } finally {
    await client.dispose();
  }
  return user;
}

/** A client signed in through the sign-in form. */
export async function signedInClient(baseURL: string, user: Pick<TestUser, "email" | "password">) {
  const client = await newClient(baseURL);
  const reply = await client.post("/auth", {
    form: { intent: "sign_in", email: user.email, password: user.password },
    maxRedirects: 0,
  });
  expect(reply.status(), `sign-in as ${user.email}`).toBe(302);
  return client;
}

/** Lists a room through the /list-property form as LISTING_OWNER; returns its id and title. */
export async function createListing(baseURL: string, fields: Record<string, string> = {}): Promise<TestListing> {
  const title = fields.title ?? `Test room ${randomUUID().slice(0, 8)}`;
  const client = await signedInClient(baseURL, LISTING_OWNER);
  try {
    const saved = await client.post("/list-property", {
      form: {
        description: "A furnished room for a test.",
        weeklyRent: "350",
        availableFrom: "2027-01-04",
        country: "Australia",
        photos: "[]",
        ...fields,
        title,
      },
      maxRedirects: 0,
    });
    expect(saved.headers().location, "listing saved").toBe("/settings/properties");
    const page = await client.get(`/settings/properties?q=${encodeURIComponent(title)}`);
    const id = /\/list-property\?edit=([0-9a-f-]{36})/.exec(await page.text())?.[1];
    if (!id) throw new Error(`the new listing "${title}" is not on the owner's properties page`);
    return { id, title };
  } finally {
    await client.dispose();
  }
}

export const test = base.extend<{
  /** A fresh, confirmed tenant made through sign-up. */
  createUser: (fields?: Partial<Omit<TestUser, "email">>) => Promise<TestUser>;
  /** Signs the page's browser context in as the user (over HTTP: no sign-in screen). */
  signInAs: (user: Pick<TestUser, "email" | "password">) => Promise<void>;
  /** A fresh listing owned by LISTING_OWNER, from the listing form's fields. */
  createListing: (fields?: Record<string, string>) => Promise<TestListing>;
}>({
  createUser: async ({ baseURL }, use) => {
    await use((fields) => createUser(baseURL ?? "", fields));
  },
  signInAs: async ({ baseURL, context }, use) => {
    await use(async (user) => {
      const client = await signedInClient(baseURL ?? "", user);
      try {
        await context.addCookies((await client.storageState()).cookies);
      } finally {
        await client.dispose();
      }
    });
  },
  createListing: async ({ baseURL }, use) => {
    await use((fields) => createListing(baseURL ?? "", fields));
  },
});

export { expect };
