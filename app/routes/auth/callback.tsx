import { useEffect } from "react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/callback";
import { pageMeta, rootMetaData } from "~/app/seo/meta";
import { safeReturnTo } from "~/modules/auth/return-to";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    { title: "Signing in", description: "Completing sign in.", path: "/auth/callback", noIndex: true },
    rootMetaData(matches),
  );
}

/**
 * Where the OpenID Connect flow lands once the auth library has checked state, PKCE and nonce and
 * set the session cookie. The session is already in place; the page moves on to returnTo.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { to: safeReturnTo(new URL(request.url).searchParams.get("returnTo")) };
}

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(loaderData.to, { replace: true });
  }, [navigate, loaderData.to]);
  return (
    <section className="flex min-h-dvh items-center justify-center bg-secondary px-4 text-white">
      <p role="status" className="text-lg">
        Completing sign in...
      </p>
      <noscript>
        <a href={loaderData.to} className="ml-2 underline">
          Continue
        </a>
      </noscript>
    </section>
  );
}
