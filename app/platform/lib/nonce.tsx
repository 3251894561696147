import { createContext, useContext } from "react";

// The server renders with the request's CSP nonce; the browser hides nonces, so the client sees "".
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
