import { createContext, type RouterContextProvider } from "react-router";

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
