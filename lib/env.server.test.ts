import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/lib/env.server";

const SECRET = "s".repeat(40);

/** The problems parseEnv reports for a source, or [] when it is accepted. */
function problems(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
    return [];
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
}

describe("parseEnv", () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "laneway-env-"));
  });

  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe("demo mode", () => {
    it("needs no variables at all", () => {
      const previous = process.cwd();
      // DATA_DIR defaults to ./data; run in a scratch directory so the secret lands there.
      process.chdir(dataDir);
      try {
        const env = parseEnv({});
        expect(env).toMatchObject({
          NODE_ENV: "development",
          SITE_NAME: "Laneway Rooms",
          PORT: 3000,
          PRODUCTION: false,
          HOST: "127.0.0.1",
          PUBLIC_URL: "http://localhost:3000",
          LOG_LEVEL: "info",
          SEED_DEMO: true,
          TRUSTED_PROXIES: "",
          SHUTDOWN_DRAIN_DELAY_MS: 0,
        });
        expect(env.DATA_DIR).toBe(path.join(dataDir, "data"));
        expect(env.DATABASE_URL).toBeUndefined();
        expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
      } finally {
        process.chdir(previous);
      }
    });

    it("generates AUTH_SECRET once, keeps it in DATA_DIR (owner-only) and reuses it", () => {
      const first = parseEnv({ DATA_DIR: dataDir });
      const file = path.join(dataDir, "auth-secret");
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file, "utf8").trim()).toBe(first.AUTH_SECRET);
      expect(statSync(file).mode & 0o077).toBe(0);
      expect(parseEnv({ DATA_DIR: dataDir }).AUTH_SECRET).toBe(first.AUTH_SECRET);
    });

    it("uses a given AUTH_SECRET and then writes nothing", () => {
      expect(parseEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET }).AUTH_SECRET).toBe(SECRET);
      expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
    });

    it("treats empty strings as unset", () => {
      const env = parseEnv({ DATA_DIR: dataDir, PORT: "", DATABASE_URL: "", PUBLIC_URL: "", SEED_DEMO: "" });
      expect(env.PORT).toBe(3000);
      expect(env.DATABASE_URL).toBeUndefined();
      expect(env.SEED_DEMO).toBe(true);
    });
  });

  it("reads valid values", () => {
    const env = parseEnv({
      DATA_DIR: dataDir,
      PORT: "8080",
      HOST: "127.0.0.1",
      PUBLIC_URL: "https://rooms.example.com/",
      DATABASE_URL: "postgresql://app@db:5432/rooms",
      SEED_DEMO: "no",
      LOG_LEVEL: "warn",
      TRUSTED_PROXIES: "loopback, 10.0.0.0/8",
    });
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: "127.0.0.1",
      // The trailing slash is dropped so URLs can be joined with "/path".
      PUBLIC_URL: "https://rooms.example.com",
      DATABASE_URL: "postgresql://app@db:5432/rooms",
      SEED_DEMO: false,
      LOG_LEVEL: "warn",
      TRUSTED_PROXIES: "loopback, 10.0.0.0/8",
    });
    expect(parseEnv({ DATA_DIR: dataDir, PORT: "9000" }).PUBLIC_URL).toBe("http://localhost:9000");
  });

  it("reads the yes/no spellings of SEED_DEMO and defaults it off in production", () => {
    for (const [value, expected] of [
      ["true", true],
      ["1", true],
      ["yes", true],
      ["false", false],
      ["0", false],
      ["no", false],
    ] as const) {
      expect(parseEnv({ DATA_DIR: dataDir, SEED_DEMO: value }).SEED_DEMO, value).toBe(expected);
    }
    expect(
      parseEnv({ DATA_DIR: dataDir, NODE_ENV: "production", AUTH_SECRET: SECRET, SMTP_URL: "smtp://mail:25" })
        .SEED_DEMO,
    ).toBe(false);
  });

  it("refuses SEED_DEMO in production, naming the variable", () => {
    const production = { DATA_DIR: dataDir, NODE_ENV: "production", AUTH_SECRET: SECRET, SMTP_URL: "smtp://mail:25" };
    expect(problems({ ...production, SEED_DEMO: "true" })).toEqual([
      expect.stringMatching(/^SEED_DEMO: refused in production: it would create demo accounts/),
    ]);
    expect(parseEnv({ ...production, SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
  });

  it("reads SHUTDOWN_DRAIN_DELAY_MS in milliseconds, up to a minute", () => {
    expect(parseEnv({ DATA_DIR: dataDir, SHUTDOWN_DRAIN_DELAY_MS: "5000" }).SHUTDOWN_DRAIN_DELAY_MS).toBe(5000);
    expect(parseEnv({ DATA_DIR: dataDir, SHUTDOWN_DRAIN_DELAY_MS: "0" }).SHUTDOWN_DRAIN_DELAY_MS).toBe(0);
    for (const value of ["-1", "1.5", "5s", "60001"]) {
      expect(problems({ DATA_DIR: dataDir, SHUTDOWN_DRAIN_DELAY_MS: value }), value).toEqual([
        expect.stringMatching(/^SHUTDOWN_DRAIN_DELAY_MS: expected .*milliseconds/),
      ]);
    }
  });

  describe("bad values", () => {
    it("names PORT and says what is expected", () => {
      expect(problems({ DATA_DIR: dataDir, PORT: "abc" })).toEqual([
        `PORT: expected a port number from 0 to 65535 (got "abc")`,
      ]);
      expect(problems({ DATA_DIR: dataDir, PORT: "70000" })).toEqual([
        `PORT: expected a port number from 0 to 65535 (got "70000")`,
      ]);
      expect(problems({ DATA_DIR: dataDir, PORT: "80.5" })[0]).toMatch(/^PORT: /);
      expect(problems({ DATA_DIR: dataDir, PORT: "-1" })[0]).toMatch(/^PORT: /);
    });

    it("names the allowed range of every number it refuses, whatever is wrong with it", () => {
      const ranges: [string, string][] = [
        ["PORT", "a port number from 0 to 65535"],
        ["API_RATE_LIMIT_PER_MINUTE", "a whole number from 1 to 1000000"],
        ["SHUTDOWN_DRAIN_DELAY_MS", "a whole number of milliseconds from 0 to 60000"],
        ["ANALYTICS_FLUSH_INTERVAL_MS", "a whole number of milliseconds from 100 to 10000"],
      ];
      for (const [name, expected] of ranges) {
        for (const value of ["10000000", "-5", "2.5", "lots"]) {
          expect(problems({ DATA_DIR: dataDir, [name]: value }), `${name}=${value}`).toEqual([
            `${name}: expected ${expected} (got "${value}")`,
          ]);
        }
      }
    });

    it("names DATABASE_URL when it is not a PostgreSQL URL", () => {
      expect(problems({ DATA_DIR: dataDir, DATABASE_URL: "mysql://x" })).toEqual([
        `DATABASE_URL: expected a URL starting with postgres:// or postgresql:// (got "mysql://x")`,
      ]);
      expect(problems({ DATA_DIR: dataDir, DATABASE_URL: "not a url" })[0]).toMatch(/^DATABASE_URL: expected a URL/);
    });

    it("takes DATABASE_REPLICA_URL only as a PostgreSQL URL next to DATABASE_URL", () => {
      const primary = "postgres://app@db-primary:5432/laneway";
      const replica = "postgres://app@db-replica:5432/laneway";
      expect(problems({ DATA_DIR: dataDir, DATABASE_URL: primary, DATABASE_REPLICA_URL: replica })).toEqual([]);
      expect(problems({ DATA_DIR: dataDir, DATABASE_REPLICA_URL: replica })).toEqual([
        "DATABASE_REPLICA_URL: needs DATABASE_URL (a replica of a PostgreSQL primary; the embedded database has none) " +
          `(got "${replica}")`,
      ]);
      expect(problems({ DATA_DIR: dataDir, DATABASE_URL: primary, DATABASE_REPLICA_URL: "redis://x" })[0]).toMatch(
        /^DATABASE_REPLICA_URL: expected a URL starting with postgres:\/\//,
      );
    });

    it("names the other validated variables", () => {
      const cases: [Record<string, string>, RegExp][] = [
        [
          { PUBLIC_URL: "ftp://rooms.example.com" },
          /^PUBLIC_URL: expected a URL starting with http:\/\/ or https:\/\//,
        ],
        [{ SEED_DEMO: "maybe" }, /^SEED_DEMO: expected true or false/],
        [{ LOG_LEVEL: "loud" }, /^LOG_LEVEL: /],
        [{ NODE_ENV: "staging" }, /^NODE_ENV: /],
        [{ SMTP_URL: "http://mail" }, /^SMTP_URL: expected a URL starting with smtp:\/\/ or smtps:\/\//],
        [{ REDIS_URL: "localhost:6379" }, /^REDIS_URL: /],
        [{ AUTH_SECRET: "short" }, /^AUTH_SECRET: expected at least 32 characters/],
        [
          { TRUSTED_PROXIES: "loopback, proxy.internal" },
          /^TRUSTED_PROXIES: "proxy\.internal" is not an address.*\(expected a comma-separated list/,
        ],
        [{ TRUSTED_PROXIES: "10.0.0.0/40" }, /^TRUSTED_PROXIES: "10\.0\.0\.0\/40" has an invalid prefix length/],
      ];
      for (const [source, pattern] of cases) {
        const found = problems({ DATA_DIR: dataDir, ...source });
        expect(found, JSON.stringify(source)).toHaveLength(1);
        expect(found[0], JSON.stringify(source)).toMatch(pattern);
      }
    });

    it("requires AUTH_SECRET and SMTP_URL in production, and listens on every interface there by default", () => {
      expect(problems({ DATA_DIR: dataDir, NODE_ENV: "production" })).toEqual([
        "AUTH_SECRET: required in production (at least 32 characters)",
        "SMTP_URL: required in production (smtp:// or smtps:// URL): without it no e-mail would leave the server",
      ]);
      const deployed = parseEnv({
        DATA_DIR: dataDir,
        NODE_ENV: "production",
        AUTH_SECRET: SECRET,
        SMTP_URL: "smtp://mail.example:587",
      });
      expect(deployed).toMatchObject({ PRODUCTION: true, HOST: "0.0.0.0", SEED_DEMO: false });
      expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
      expect(parseEnv({ DATA_DIR: dataDir, HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    });

    it("requires the rest of a partly configured service", () => {
      expect(problems({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: "sk_test_1" })).toEqual([
        "STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (Stripe)",
        "STRIPE_PRICE_ID: required when STRIPE_SECRET_KEY is set (Stripe)",
      ]);
      expect(problems({ DATA_DIR: dataDir, STRIPE_IDENTITY_WEBHOOK_SECRET: "whsec_1" })).toEqual([
        "STRIPE_SECRET_KEY: required when STRIPE_IDENTITY_WEBHOOK_SECRET is set (Stripe Identity)",
      ]);
      expect(problems({ DATA_DIR: dataDir, HUBSPOT_FORM_ID: "f" })).toEqual([
        "HUBSPOT_PORTAL_ID: required when HUBSPOT_FORM_ID is set (HubSpot)",
      ]);
      expect(problems({ DATA_DIR: dataDir, OAUTH_CLIENT_ID: "id", OAUTH_CLIENT_SECRET: "secret" })).toEqual([]);
    });

    it("reports every problem at once, in one readable message", () => {
      try {
        parseEnv({ DATA_DIR: dataDir, PORT: "abc", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(EnvError);
        const envError = error as EnvError;
        expect(envError.problems.map((problem) => problem.split(":")[0])).toEqual([
          "PORT",
          "DATABASE_URL",
          "LOG_LEVEL",
        ]);
        expect(envError.message).toMatch(/^Invalid environment:\n {2}- PORT: /);
      }
    });

    it("never echoes a secret value, and hides passwords inside URLs", () => {
      const found = problems({
        DATA_DIR: dataDir,
        AUTH_SECRET: "too-short-secret",
        DATABASE_URL: "mysql://app:hunter2@db/rooms",
      });
      const text = found.join("\n");
      expect(text).toMatch(/AUTH_SECRET: expected at least 32 characters$/m);
      expect(text).toContain("DATABASE_URL: ");
      expect(text).toContain("mysql://app:***@db/rooms");
      expect(text).not.toContain("too-short-secret");
      expect(text).not.toContain("hunter2");
    });
  });
});
