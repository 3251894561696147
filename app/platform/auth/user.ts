/** The signed-in person as pages see them (SPEC §3 "Session user", kept on the server). */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: "admin" | "learner";
  twoFactorEnabled: boolean;
}
