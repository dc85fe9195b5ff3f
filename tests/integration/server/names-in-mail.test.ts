import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { profiles, users } from "~/db/schema";
import { createUser } from "~/modules/auth/create-user.server";
import { createTestListing } from "~/tests/support/factories";
import { newSession, post, send, signedIn, type HttpSession } from "~/tests/support/http-session";
import { startMailCatcher, type CaughtMail, type MailCatcher } from "~/tests/support/mail-catcher";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";
import { createTestDatabase, describeOnPostgres, type TestDatabase } from "~/tests/support/test-database";

/**
 * A person's name reaches other people's inboxes (enquiries and messages), so it may carry no
 * markup and no web address, wherever it is set; and no e-mail lets a name, a listing title or a
 * message start a line as if it were our own words. Checked over raw HTTP, with the e-mails read
 * from a real SMTP server.
 */
const PASSWORD = "Password123!";
const PHISHING_NAME = '<a href="https://evil.example">Verify your account</a>';
const enquiry = (message: string) => ({ moveInDate: "2030-03-01", leaseMonths: "6", message, phone: "" });

/** Every line of the plain-text part that starts with one of the strings other people chose. */
function linesStartingWith(mail: CaughtMail, chosen: string[]): string[] {
  return mail.text.split("\n").filter((line) => chosen.some((text) => line.trim().startsWith(text)));
}

describeOnPostgres("names in e-mails to other people", () => {
  let database: TestDatabase;
  let mail: MailCatcher;
  let server: ServerProcess;
  let landlordEmail: string;
  let landlordId: string;

  async function account(role: "tenant" | "landlord", firstName: string, lastName: string) {
    const email = `${role}-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const { id } = await createUser(database.db, {
      email,
      password: PASSWORD,
      firstName,
      lastName,
      role,
      subscriptionStatus: role === "landlord" ? "active" : "inactive",
      emailVerified: true,
    });
    return { id, email };
  }

  async function profileOf(id: string) {
    const [row] = await database.db
      .select({ firstName: profiles.firstName, lastName: profiles.lastName })
      .from(profiles)
      .where(eq(profiles.id, id));
    return row;
  }

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    mail = await startMailCatcher();
    server = await startServer({
      env: {
        DATABASE_URL: database.url,
        SEED_DEMO: "false",
        SMTP_URL: mail.url,
        TRUSTED_PROXIES: "loopback",
        LOG_LEVEL: "warn",
      },
    });
    ({ email: landlordEmail, id: landlordId } = await account("landlord", "Lena", "Park"));
  }, SERVER_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await server?.stop();
    await mail?.close();
    await database?.close();
  });

  it("refuses markup and web addresses in names on the profile settings, changing nothing", async () => {
    const { id, email } = await account("tenant", "Tia", "Nguyen");
    const tenant = await signedIn(server, email, PASSWORD);
    const cases: [Record<string, string>, string][] = [
      [{ firstName: PHISHING_NAME, lastName: "Nguyen" }, "Your first name must not contain &lt; or &gt;."],
      [
        { firstName: "Tia", lastName: "Verify at https://evil.example" },
        "Your last name must not contain a web address",
      ],
      [{ firstName: "Verify at evil.example", lastName: "Nguyen" }, "Your first name must not contain a web address"],
      [{ firstName: "www.evil", lastName: "Nguyen" }, "Your first name must not contain a web address"],
      [{ firstName: "Tia", lastName: "pay@evil.example" }, "Your last name must not contain a web address"],
    ];
    for (const [names, message] of cases) {
      const reply = await post(server, tenant, "/settings/profile", {
        intent: "profile",
        ...names,
        phone: "",
        bio: "",
      });
      expect(reply.status, JSON.stringify(names)).toBe(400);
      expect(reply.body, JSON.stringify(names)).toContain(message);
    }
    expect(await profileOf(id)).toEqual({ firstName: "Tia", lastName: "Nguyen" });

    // An ordinary name with punctuation is still fine.
    const saved = await post(server, tenant, "/settings/profile", {
      intent: "profile",
      firstName: "Mary-Jane",
      lastName: "O'Brien Jr.",
      phone: "",
      bio: "",
    });
    expect(saved.status).toBe(200);
    expect(await profileOf(id)).toEqual({ firstName: "Mary-Jane", lastName: "O'Brien Jr." });
  });

  it("refuses markup and web addresses in names at sign-up, creating no account", async () => {
    for (const [firstName, message] of [
      [PHISHING_NAME, "Your first name must not contain &lt; or &gt;."],
      ["Verify at evil.example", "Your first name must not contain a web address"],
    ] as const) {
      const email = `sign-up-${Math.random().toString(36).slice(2, 10)}@example.com`;
      const reply = await post(server, newSession(), "/auth", {
        intent: "sign_up",
        email,
        password: "a-good-password",
        firstName,
        lastName: "Nguyen",
        phone: "0412 345 678",
        phone_country: "AU",
      });
      expect(reply.status, firstName).toBe(400);
      expect(reply.body, firstName).toContain(message);
      expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
  });

  it("puts the enquirer's name and the title after our own words in the enquiry e-mail, and the reply's", async () => {
    const title = `Verify your account at rooms ${Date.now()}`;
    const listingId = await createTestListing(database.db, { landlordId, title });
    const { email } = await account("tenant", "Tia", "Nguyen");
    const tenant = await signedIn(server, email, PASSWORD);
    const message = "Please confirm your details at the link I sent.";
    expect((await post(server, tenant, `/listing/${listingId}`, enquiry(message))).status).toBe(200);

    const toLandlord = await mail.waitFor((m) => m.to.includes(landlordEmail) && m.text.includes(title));
    expect(toLandlord.text).toContain(`New enquiry from Tia N. about “${title}”. Their message:`);
    expect(toLandlord.text).toContain(`“${message}”`);
    expect(linesStartingWith(toLandlord, ["Tia", title, message])).toEqual([]);

    // The landlord replies: the tenant's e-mail names the landlord the same way.
    const conversation = /\/settings\/enquiries\/([0-9a-f-]{36})/.exec(toLandlord.text)?.[1];
    const landlord = await signedIn(server, landlordEmail, PASSWORD);
    const reply = "Yes, it is still available.";
    const replied = await post(server, landlord, `/settings/enquiries/${conversation}`, {
      intent: "reply",
      message: reply,
    });
    expect(replied.status).toBe(302);
    const toTenant = await mail.waitFor((m) => m.to.includes(email) && m.text.includes(reply));
    expect(toTenant.text).toContain(`New message from Lena P. about “${title}”. Their message:`);
    expect(linesStartingWith(toTenant, ["Lena", title, reply])).toEqual([]);
  });

  it("never e-mails a name stored before the rule with markup or a web address", async () => {
    const listingId = await createTestListing(database.db, { landlordId });
    const { id, email } = await account("tenant", "Tia", "Nguyen");
    // A row written before names were checked.
    await database.db.update(profiles).set({ firstName: PHISHING_NAME }).where(eq(profiles.id, id));
    const tenant: HttpSession = await signedIn(server, email, PASSWORD);
    const message = `A quiet tenant ${Date.now()}`;
    expect((await post(server, tenant, `/listing/${listingId}`, enquiry(message))).status).toBe(200);

    const toLandlord = await mail.waitFor((m) => m.to.includes(landlordEmail) && m.text.includes(message));
    expect(toLandlord.text).toContain("New enquiry from Laneway member about");
    for (const part of [toLandlord.text, toLandlord.html, toLandlord.subject]) {
      expect(part).not.toContain("evil.example");
      expect(part).not.toContain("Verify your account");
    }
    // The thread shows the same name to the landlord.
    const conversation = /\/settings\/enquiries\/([0-9a-f-]{36})/.exec(toLandlord.text)?.[1];
    const landlord = await signedIn(server, landlordEmail, PASSWORD);
    const thread = await send(server, landlord, `/settings/enquiries/${conversation}`);
    expect(thread.status).toBe(200);
    expect(thread.body).not.toContain("evil.example");
  });
});
