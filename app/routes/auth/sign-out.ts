import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { redirectWithNotice } from "~/lib/flash.server";
import { authLibrary } from "~/app/http/auth-context";
import { authHeaders } from "~/app/http/viewer.server";

export function loader() {
  return redirect("/");
}

/** Ends the server session (the cookie alone is not trusted to go away), then says so on /. */
export async function action({ request, context }: Route.ActionArgs) {
  const { headers } = await authLibrary(context).api.signOut({
    headers: authHeaders(request, context),
    returnHeaders: true,
  });
  const response = redirectWithNotice("/", {
    title: "Signed out",
    description: "You have been successfully signed out.",
    tone: "success",
  });
  for (const cookie of headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
  return response;
}
