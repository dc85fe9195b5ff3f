import { afterAll, beforeAll } from "vitest";
import { startMailCatcher, type MailCatcher } from "~/tests/support/mail-catcher";
import { SERVER_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from "~/tests/support/server-process";

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
