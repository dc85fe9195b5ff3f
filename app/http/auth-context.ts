import { createContext, type RouterContextProvider } from "react-router";
import type { Auth } from "~/modules/auth/auth.server";

/** The auth library the server built on its database, handed to routes through the load context. */
export const authContext = createContext<Auth>();

/** The one way routes reach the auth library: they pass it on to the auth module's functions. */
export function authLibrary(context: Readonly<RouterContextProvider>): Auth {
  return context.get(authContext);
}
