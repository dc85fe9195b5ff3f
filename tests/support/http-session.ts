import type { ServerProcess } from "~/tests/support/server-process";

/**
 * A cookie-keeping HTTP client for server tests: each client has its own address (sent as
 * X-Forwarded-For, believed when the server runs with TRUSTED_PROXIES=loopback) and cookie jar.
 */
export interface HttpSession {
  address: string;
  cookies: Map<string, string>;
}

export interface HttpReply {
  status: number;
  location: string | null;
  body: string;
}

let nextAddress = 10;

export function newSession(): HttpSession {
  nextAddress += 1;
  return { address: `198.51.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`, cookies: new Map() };
}

export async function send(
  server: ServerProcess,
  session: HttpSession,
  path: string,
  init: {
    form?: Record<string, string> | FormData;
    origin?: string;
    method?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<HttpReply> {
  const headers: Record<string, string> = { ...init.headers, "x-forwarded-for": session.address };
  if (session.cookies.size > 0) {
    headers.cookie = [...session.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  if (init.origin) headers.origin = init.origin;
  let body: string | FormData | undefined;
  if (init.form instanceof FormData) body = init.form;
  else if (init.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(init.form).toString();
  }
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? (init.form ? "POST" : "GET"),
    headers,
    body,
    redirect: "manual",
  });
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ""] = cookie.split(";");
    const [name = "", ...value] = pair.split("=");
    if (/max-age=0/i.test(cookie) || value.join("=") === "") session.cookies.delete(name);
    else session.cookies.set(name, value.join("="));
  }
  return { status: response.status, location: response.headers.get("location"), body: await response.text() };
}

/** A same-origin form post, as the browser sends it. */
export function post(
  server: ServerProcess,
  session: HttpSession,
  path: string,
  form: Record<string, string> | FormData,
) {
  return send(server, session, path, { form, origin: server.url });
}

/** A new session signed in with the demo password (or the one given). */
export async function signedIn(server: ServerProcess, email: string, password = "Password123!"): Promise<HttpSession> {
  const session = newSession();
  const reply = await post(server, session, "/auth", { intent: "sign_in", email, password });
  if (reply.status !== 302) throw new Error(`sign-in as ${email} answered ${reply.status}`);
  return session;
}

/**
 * Lists a room through the /list-property form as `landlord` (a landlord with an active plan) and
 * returns its id, found through public search by its title, once the form has sent the landlord on
 * to their properties. `fields` override the form's values.
 */
export async function listRoom(
  server: ServerProcess,
  landlord: HttpSession,
  fields: { title: string } & Record<string, string>,
): Promise<string> {
  const created = await post(server, landlord, "/list-property", {
    address: "12 Degraves Street",
    suburb: "Melbourne",
    state: "VIC",
    postcode: "3000",
    country: "Australia",
    description: "Furnished room · Desk\nQuiet room above the laneway.",
    weeklyRent: "400",
    availableFrom: "2030-02-01",
    photos: "[]",
    ...fields,
  });
  if (created.status !== 302 || created.location !== "/settings/properties") {
    throw new Error(`the listing form answered ${created.status} ${created.location ?? ""}`);
  }
  const search = await send(server, newSession(), `/search?title=${encodeURIComponent(fields.title)}`);
  const id = /\/listing\/([0-9a-f-]{36})/.exec(search.body)?.[1];
  if (!id) throw new Error("the new listing is not in search");
  return id;
}
