import { createContext, type RouterContextProvider } from "react-router";
import type { Database } from "~/lib/db/client.server";
import type { Services } from "~/lib/services.server";

/** Per-request facts the server establishes before React Router runs. */
export interface RequestInfo {
  requestId: string;
  /** The client's address: the socket peer, or X-Forwarded-For when the peer is a trusted proxy. */
  clientAddress: string;
  /** Nonce for this response's Content-Security-Policy script-src. */
  nonce: string;
}

export const requestInfoContext = createContext<RequestInfo>();

export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}

/** The database the server opened, handed to routes through the load context. */
export const databaseContext = createContext<Database>();

/** The one way routes reach the database: they pass it on to module functions. */
export function database(context: Readonly<RouterContextProvider>): Database {
  return context.get(databaseContext);
}

/** The adapters and site settings the server built once, beside the database. */
export const servicesContext = createContext<Services>();

/** How routes reach the adapters and site settings: they pass them on to module functions. */
export function services(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}

/**
 * The database for public reads: the read replica when one is configured, else the primary. It
 * may lag the primary by a moment, so only pages that show everyone the same thing read from it,
 * and only for signed-out visitors (see `publicReads` in app/http).
 */
export const replicaDatabaseContext = createContext<Database>();

/** The parts of the REST API's OpenAPI document the keys screen reads (its Documentation tab). */
export interface ApiDocument {
  servers?: { url: string }[];
  paths?: Record<string, Record<string, ApiOperation | undefined> | undefined>;
  components?: { schemas?: Record<string, unknown> };
}

export interface ApiOperation {
  summary?: string;
  description?: string;
  "x-laneway-roles"?: string[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}

/** The OpenAPI document the server generated from the API's routes, handed to pages. */
export const apiDocumentContext = createContext<ApiDocument>();

export function apiDocument(context: Readonly<RouterContextProvider>): ApiDocument {
  return context.get(apiDocumentContext);
}
