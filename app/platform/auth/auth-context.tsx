import { createContext, useContext, type ReactNode } from "react";
import type { AuthUser } from "./user";

interface AuthValue {
  /** The signed-in user, or null for a visitor. */
  user: AuthUser | null;
}

const AuthContext = createContext<AuthValue | null>(null);

/** Gives components the user the server resolved for this request. */
export function AuthProvider({ user, children }: { user: AuthUser | null; children: ReactNode }) {
  return <AuthContext.Provider value={{ user }}>{children}</AuthContext.Provider>;
}

/** SPEC §8: using the sign-in hook outside its provider throws. */
export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used within an AuthProvider");
  return value;
}
