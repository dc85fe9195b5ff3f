/**
 * A real OpenID Connect provider (the `oidc-provider` package) for the e2e run, so the product's
 * sign-in with an identity provider is exercised end to end: discovery, authorization code with
 * PKCE, state, nonce, signed ID tokens and userinfo. Its development login form accepts any login;
 * the login becomes the subject, and `<name>@example.org` the e-mail.
 */
import Provider from "oidc-provider";

const port = Number(process.env.E2E_OIDC_PORT);
const appUrl = `http://127.0.0.1:${process.env.E2E_PORT}`;
const issuer = `http://127.0.0.1:${port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: "laneway-e2e",
      client_secret: "laneway-e2e-secret",
      redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
      grant_types: ["authorization_code"],
      response_types: ["code"],
    },
  ],
  pkce: { required: () => true },
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name", "name"] },
  findAccount: (_context, id) => ({
    accountId: id,
    claims: () => ({
      sub: id,
      email: `${id}@example.org`,
      email_verified: true,
      given_name: "Olivia",
      family_name: "Dunn",
      name: "Olivia Dunn",
    }),
  }),
  features: { devInteractions: { enabled: true } },
});

provider.listen(port, "127.0.0.1", () => {
  console.log(`OIDC provider listening at ${issuer}`);
});
