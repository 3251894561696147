import { createContext } from "react-router";

/** What the HTTP server knows about a request that routes may need. */
export interface RequestInfo {
  cspNonce: string;
  requestId: string;
  clientIp: string;
}

export const requestInfoContext = createContext<RequestInfo>();
