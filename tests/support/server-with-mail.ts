import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { newSession, post } from "~/tests/support/http-session";
import { startMailCatcher, type MailCatcher } from "~/tests/support/mail-catcher";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";
import { createTestDatabase, type TestDatabase } from "~/tests/support/test-database";

export interface ServerWithMail {
  server: ServerProcess;
  mail: MailCatcher;
}

/**
 * Starts the built server with a real SMTP receiver before a file's tests, and stops both after.
 * The server trusts X-Forwarded-For from loopback, so a test can speak from any client address.
 * `onStarted` receives them once both are up.
 */
export function useServerWithMail(onStarted: (started: ServerWithMail) => void): void {
  let mail: MailCatcher | undefined;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    mail = await startMailCatcher();
    server = await startServer({
      env: { SMTP_URL: `smtp://127.0.0.1:${mail.port}`, TRUSTED_PROXIES: "loopback", LOG_LEVEL: "warn" },
    });
    onStarted({ server, mail });
  }, SERVER_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await server?.stop();
    await mail?.close();
  });
}

/**
 * Registers an account through the sign-up form and confirms it from the e-mail, as a person would;
 * returns its (new, unique) address.
 */
export async function registeredAccount({ server, mail }: ServerWithMail, label: string, password: string) {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  await post(server, newSession(), "/auth", {
    intent: "sign_up",
    email,
    password,
    firstName: "Sam",
    lastName: "Nguyen",
    phone: "0412 345 678",
    phone_country: "AU",
  });
  const confirmation = await mail.waitFor((m) => m.to.includes(email) && m.text.includes("type=email"));
  const params = new URL(/https?:\/\/\S+\/auth\/confirm\S*/.exec(confirmation.text)?.[0] ?? "").searchParams;
  await post(server, newSession(), "/auth/confirm", Object.fromEntries(params));
  return email;
}

export interface ProductionServer extends ServerWithMail {
  database: TestDatabase;
}

/**
 * A production-mode server (`NODE_ENV=production`) on a throwaway PostgreSQL database with a real
 * SMTP receiver, started before a file's tests and stopped after. `prepare` writes the rows the tests
 * need before the server boots; `onStarted` receives the database, server and mail catcher.
 */
export function useProductionServer(
  prepare: (database: TestDatabase) => Promise<void>,
  onStarted: (started: ProductionServer) => void,
): void {
  let database: TestDatabase | undefined;
  let mail: MailCatcher | undefined;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await prepare(database);
    mail = await startMailCatcher();
    server = await startServer({
      env: {
        NODE_ENV: "production",
        AUTH_SECRET: "a-production-secret-of-enough-length-0123456789",
        SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
        DATABASE_URL: database.url,
        TRUSTED_PROXIES: "loopback",
        LOG_LEVEL: "warn",
      },
    });
    onStarted({ database, server, mail });
  }, SERVER_HOOK_TIMEOUT_MS * 2);
  afterAll(async () => {
    await server?.stop();
    await mail?.close();
    await database?.close();
  });
}
