import { betterAuth, type BetterAuthPlugin } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { emailOTP, genericOAuth, magicLink, twoFactor } from "better-auth/plugins";
import { accounts, profiles, rateLimits, sessions, twoFactors, users, verifications } from "~/db/schema";
import type { Database } from "~/lib/db/client.server";
import type { Env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { hashPassword, verifyPassword } from "~/lib/password.server";
import { isAcceptableName } from "~/modules/profiles/person-name";
import { queueMail } from "~/lib/adapters/mail/mailer.server";
import {
  magicLinkEmail,
  passwordChangedEmail,
  passwordResetEmail,
  signInCodeEmail,
  verificationEmail,
} from "~/modules/mail/auth-emails";
import {
  CLIENT_ADDRESS_HEADER,
  confirmationUrl,
  oauthProviderConfig,
  TOKEN_TTL_SECONDS,
  OAUTH_ERROR_URL,
} from "~/modules/auth/auth-config.server";

/**
 * The two-factor plugin challenges only password sign-ins. Every other way in (magic link, e-mailed
 * code, OpenID Connect callback, e-mail confirmation) makes a session too, so its own challenge —
 * drop that session, set the pending two-factor cookie, answer `twoFactorRedirect` — runs after
 * those endpoints as well. Nothing else creates a session for a user who is not yet signed in.
 */
const OTHER_SIGN_IN_PATHS = new Set(["/magic-link/verify", "/sign-in/email-otp", "/callback/:id", "/verify-email"]);

function twoFactorOnEverySignIn(plugin: ReturnType<typeof twoFactor>): BetterAuthPlugin {
  return {
    id: "two-factor-every-sign-in",
    hooks: {
      after: plugin.hooks.after.map(({ handler }) => ({
        matcher: (context) => OTHER_SIGN_IN_PATHS.has(context.path ?? ""),
        handler,
      })),
    },
  };
}

/**
 * The auth library bound to a database and the configuration. The server builds one per process and hands it to routes
 * through the load context, next to the database; tests build their own on a test database.
 */
export function createAuth(db: Database, config: Env) {
  const siteName = config.SITE_NAME;
  const oauth = oauthProviderConfig(config);
  const twoFactorPlugin = twoFactor({
    issuer: siteName,
    totpOptions: { digits: 6, period: 30 },
    backupCodeOptions: { amount: 10, length: 10 },
    accountLockout: { enabled: true, maxFailedAttempts: 5, durationSeconds: 15 * 60 },
  });
  return betterAuth({
    appName: siteName,
    baseURL: config.PUBLIC_URL,
    basePath: "/api/auth",
    // Only the OAuth callback is routed (server/auth-routes.ts): a callback that fails before its
    // own error URL is known (no or a stale state) lands on the sign-in page, not the library's page.
    onAPIError: { errorURL: OAUTH_ERROR_URL },
    secret: config.AUTH_SECRET,
    trustedOrigins: [config.PUBLIC_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      transaction: true,
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        rateLimit: rateLimits,
      },
    }),
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, message),
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: ({ hash, password }) => verifyPassword(hash, password) },
      resetPasswordTokenExpiresIn: TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.PUBLIC_URL}/auth?view=update_password&token=${encodeURIComponent(token)}`;
        await queueMail(db, { to: user.email, ...passwordResetEmail({ siteName, url }) });
      },
      onPasswordReset: async ({ user }) => {
        await queueMail(db, {
          to: user.email,
          ...passwordChangedEmail({ siteName, supportUrl: `${config.PUBLIC_URL}/contact` }),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: false,
      sendOnSignIn: true,
      // Confirming an address proves the inbox, not who chose the password: the owner signs in
      // themselves, so an account someone pre-registered with their address never hands them a session.
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        const url = confirmationUrl(config.PUBLIC_URL, "email", token);
        await queueMail(db, { to: user.email, ...verificationEmail({ siteName, url }) });
      },
    },
    session: {
      expiresIn: 7 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    // Requests reach the auth library through our own actions and the OAuth callback; limits are
    // applied per address and per account in modules/auth/auth-limits.server.ts.
    rateLimit: { enabled: true, window: 60, max: 30 },
    advanced: {
      useSecureCookies: config.PUBLIC_URL.startsWith("https:"),
      // The server middleware sets this header from the socket (or a trusted proxy's X-Forwarded-For)
      // and drops any copy the client sent.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      user: {
        create: {
          // Sign-up writes the profile in its own transaction; this covers OAuth sign-ups. A name
          // from the identity provider that breaks the name rule is left empty for the person to set.
          after: async (user) => {
            const [first = "", ...rest] = user.name.trim().split(/\s+/);
            const last = rest.join(" ");
            await db
              .insert(profiles)
              .values({
                id: user.id,
                firstName: first && isAcceptableName(first) ? first : null,
                lastName: last && isAcceptableName(last) ? last : null,
              })
              .onConflictDoNothing();
          },
        },
      },
    },
    plugins: [
      magicLink({
        expiresIn: TOKEN_TTL_SECONDS,
        disableSignUp: true,
        storeToken: "hashed",
        sendMagicLink: async ({ email, token }) => {
          const url = confirmationUrl(config.PUBLIC_URL, "magic_link", token);
          await queueMail(db, { to: email, ...magicLinkEmail({ siteName, url }) });
        },
      }),
      emailOTP({
        otpLength: 6,
        expiresIn: TOKEN_TTL_SECONDS,
        allowedAttempts: 3,
        disableSignUp: true,
        storeOTP: "hashed",
        sendVerificationOTP: async ({ email, otp }) => {
          await queueMail(db, { to: email, ...signInCodeEmail({ siteName, code: otp }) });
        },
      }),
      twoFactorPlugin,
      twoFactorOnEverySignIn(twoFactorPlugin),
      ...(oauth ? [genericOAuth({ config: [oauth] })] : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
