import { describe, expect, it } from "vitest";
import { spawnServer, type ExitResult, type ServerProcess } from "~/tests/support/server-process";

/** Starts the server with the given environment and waits (bounded) for it to give up. */
async function bootFailure(
  env: Record<string, string>,
): Promise<{ exit: ExitResult; server: ServerProcess; output: string }> {
  const server = await spawnServer({ env });
  let timer: NodeJS.Timeout | undefined;
  const exit = await Promise.race([
    server.exited,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("server kept running with a bad configuration")), 20_000);
    }),
  ]).finally(() => {
    clearTimeout(timer);
    if (server.running()) server.child.kill("SIGKILL");
  });
  return { exit, server, output: [...server.stderr, ...server.stdout].join("\n") };
}

describe("a bad environment stops the boot with a message naming the variable", () => {
  const cases: { name: string; env: Record<string, string>; expected: RegExp[] }[] = [
    { name: "PORT=abc", env: { PORT: "abc" }, expected: [/PORT: expected a port number/] },
    { name: "PORT=70000", env: { PORT: "70000" }, expected: [/PORT: .*0 to 65535/] },
    {
      name: "DATABASE_URL=mysql://x",
      env: { DATABASE_URL: "mysql://x" },
      expected: [/DATABASE_URL: expected a URL starting with postgres:\/\/ or postgresql:\/\//],
    },
    { name: "LOG_LEVEL=loud", env: { LOG_LEVEL: "loud" }, expected: [/LOG_LEVEL: /] },
    { name: "SEED_DEMO=maybe", env: { SEED_DEMO: "maybe" }, expected: [/SEED_DEMO: expected true or false/] },
    {
      name: "TRUSTED_PROXIES=not-an-address",
      env: { TRUSTED_PROXIES: "loopback, not-an-address" },
      expected: [/TRUSTED_PROXIES: .*"not-an-address".*expected a comma-separated list/],
    },
    {
      name: "NODE_ENV=production without AUTH_SECRET or SMTP_URL",
      env: { NODE_ENV: "production" },
      expected: [/AUTH_SECRET: required in production/, /SMTP_URL: required in production/],
    },
    {
      name: "half a Stripe configuration",
      env: { STRIPE_SECRET_KEY: "sk_test_123" },
      expected: [/STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/, /STRIPE_PRICE_ID: required/],
    },
  ];

  for (const { name, env, expected } of cases) {
    it(`exits non-zero on ${name}`, async () => {
      const { exit, server, output } = await bootFailure(env);
      expect(exit.code, output).not.toBe(0);
      expect(exit.code, output).not.toBeNull();
      for (const pattern of expected) expect(output).toMatch(pattern);
      // It stopped before serving anything.
      expect(output).not.toContain("server listening");
      // A plain message, not a crash with a stack trace.
      expect(server.stderr.join("\n")).not.toMatch(/^\s+at /m);
    });
  }

  it("reports every bad variable at once", async () => {
    const { exit, output } = await bootFailure({ PORT: "abc", DATABASE_URL: "mysql://x", HOST: "127.0.0.1" });
    expect(exit.code).not.toBe(0);
    expect(output).toMatch(/PORT: /);
    expect(output).toMatch(/DATABASE_URL: /);
  });

  it("does not print secrets it rejects", async () => {
    const { exit, output } = await bootFailure({
      AUTH_SECRET: "too-short-but-secret",
      DATABASE_URL: "mysql://app:hunter2-password@db.internal/rooms",
    });
    expect(exit.code).not.toBe(0);
    expect(output).toMatch(/AUTH_SECRET: expected at least 32 characters/);
    expect(output).toMatch(/DATABASE_URL: /);
    expect(output).not.toContain("too-short-but-secret");
    expect(output).not.toContain("hunter2-password");
  });
});
