import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { parseTrustedProxies } from "~/lib/trusted-proxies";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    error: "expected true or false",
  })
  .transform((value) => ["true", "1", "yes"].includes(value));

const url = (protocols: string[]) =>
  z
    .url({ error: `expected a URL (${protocols.join(", ")})` })
    .refine((value) => protocols.some((protocol) => value.startsWith(`${protocol}:`)), {
      error: `expected a URL starting with ${protocols.map((p) => `${p}://`).join(" or ")}`,
    });

const optionalText = z.string().trim().min(1).optional();

/** A whole number from `min` to `max`; every refusal (not a number, a fraction, out of range) names the range. */
function wholeNumber(min: number, max: number, what = "a whole number") {
  const error = `expected ${what} from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/** Every setting the product reads from the environment; all optional in demo mode. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    SITE_NAME: z.string().trim().min(1).default("Laneway Rooms"),
    PORT: wholeNumber(0, 65_535, "a port number").default(3000),
    HOST: z.string().trim().min(1).optional(),
    PUBLIC_URL: url(["http", "https"]).optional(),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: url(["postgres", "postgresql"]).optional(),
    /** A streaming replica of DATABASE_URL that serves public reads. */
    DATABASE_REPLICA_URL: url(["postgres", "postgresql"]).optional(),
    SEED_DEMO: booleanFlag.optional(),
    AUTH_SECRET: z.string().min(32, { error: "expected at least 32 characters" }).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    SMTP_URL: url(["smtp", "smtps"]).optional(),
    MAIL_FROM: optionalText,
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_PRICE_ID: optionalText,
    /** The signing secret of the Stripe Identity webhook endpoint (POST /api/webhooks/identity). */
    STRIPE_IDENTITY_WEBHOOK_SECRET: optionalText,
    GOOGLE_MAPS_API_KEY: optionalText,
    MAP_TILE_URL: optionalText,
    AI_BASE_URL: url(["http", "https"]).optional(),
    AI_API_KEY: optionalText,
    AI_MODEL: optionalText,
    HUBSPOT_PORTAL_ID: optionalText,
    HUBSPOT_FORM_ID: optionalText,
    OAUTH_ISSUER: url(["http", "https"]).optional(),
    OAUTH_CLIENT_ID: optionalText,
    OAUTH_CLIENT_SECRET: optionalText,
    S3_ENDPOINT: url(["http", "https"]).optional(),
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    REDIS_URL: url(["redis", "rediss"]).optional(),
    /** Requests each API key may make per minute (shared across instances through REDIS_URL). */
    API_RATE_LIMIT_PER_MINUTE: wholeNumber(1, 1_000_000).default(600),
    /**
     * How long an instance keeps accepting and serving after SIGTERM, with /readyz at 503, before it
     * stops accepting: time for the load balancer's health checks to take it out of rotation.
     */
    SHUTDOWN_DRAIN_DELAY_MS: wholeNumber(0, 60_000, "a whole number of milliseconds").default(0),
    /**
     * How often each instance writes the listing analytics it counted in memory (a crash loses at
     * most this window): at most 10 seconds; tests shorten it.
     */
    ANALYTICS_FLUSH_INTERVAL_MS: wholeNumber(100, 10_000, "a whole number of milliseconds").default(10_000),
    TRUSTED_PROXIES: z
      .string()
      .trim()
      .default("")
      .superRefine((value, ctx) => {
        try {
          parseTrustedProxies(value);
        } catch (error) {
          const reason = error instanceof Error ? error.message.replace(/^TRUSTED_PROXIES: /, "") : String(error);
          ctx.addIssue({
            code: "custom",
            message: `${reason} (expected a comma-separated list of addresses, CIDR ranges or loopback, linklocal, uniquelocal)`,
          });
        }
      }),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "required in production (at least 32 characters)",
      });
    }
    if (env.NODE_ENV === "production" && !env.SMTP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "required in production (smtp:// or smtps:// URL): without it no e-mail would leave the server",
      });
    }
    if (env.NODE_ENV === "production" && env.SEED_DEMO) {
      ctx.addIssue({
        code: "custom",
        path: ["SEED_DEMO"],
        message:
          "refused in production: it would create demo accounts with the published password Password123! " +
          "(unset it; seed a demo only with NODE_ENV unset)",
      });
    }
    if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_REPLICA_URL"],
        message: "needs DATABASE_URL (a replica of a PostgreSQL primary; the embedded database has none)",
      });
    }
    if (env.STRIPE_IDENTITY_WEBHOOK_SECRET && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "required when STRIPE_IDENTITY_WEBHOOK_SECRET is set (Stripe Identity)",
      });
    }
    const groups: [string, string[]][] = [
      ["Stripe", ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_ID"]],
      ["HubSpot", ["HUBSPOT_PORTAL_ID", "HUBSPOT_FORM_ID"]],
      ["OAuth", ["OAUTH_CLIENT_ID", "OAUTH_CLIENT_SECRET"]],
      ["S3", ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]],
    ];
    for (const [service, names] of groups) {
      const set = names.filter((name) => env[name as keyof typeof env] !== undefined);
      if (set.length > 0 && set.length < names.length) {
        for (const name of names.filter((n) => !set.includes(n))) {
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: `required when ${set.join(", ")} is set (${service})`,
          });
        }
      }
    }
  });

export type Env = z.infer<typeof envSchema> & {
  /**
   * The one notion of "production": NODE_ENV=production. Outside it the server is a local demo:
   * demo accounts with known passwords, development pages, and loopback-only listening by default.
   */
  PRODUCTION: boolean;
  HOST: string;
  SEED_DEMO: boolean;
  AUTH_SECRET: string;
  PUBLIC_URL: string;
  DATA_DIR: string;
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Variables whose values must never be echoed back in an error message (it ends up in logs). */
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|_KEY(_ID)?$/;

/** A bad value as it may be shown: secrets withheld, credentials removed from URLs. */
function displayValue(name: string, value: string): string | undefined {
  if (SECRET_NAME.test(name)) return undefined;
  try {
    const parsed = new URL(value);
    if (parsed.password) {
      parsed.password = "***";
      return parsed.toString();
    }
  } catch {
    // not a URL: shown as is
  }
  return value;
}

/** Parses and completes the environment; throws an EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => {
        const name = issue.path.join(".");
        const raw = cleaned[name];
        const value = raw === undefined ? undefined : displayValue(name, raw);
        return `${name}: ${issue.message}${value === undefined ? "" : ` (got "${value}")`}`;
      }),
    );
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const production = env.NODE_ENV === "production";
  return {
    ...env,
    PRODUCTION: production,
    HOST: env.HOST ?? (production ? "0.0.0.0" : "127.0.0.1"),
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    SEED_DEMO: env.SEED_DEMO ?? !production,
    AUTH_SECRET: env.AUTH_SECRET ?? persistedSecret(dataDir),
  };
}

/** Outside production a secret is generated once and kept in DATA_DIR so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

/** The process environment, validated once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** For an entry point: the environment, or a plain message naming every bad variable and exit code 1. */
export function envOrExit(): Env {
  try {
    return env();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
