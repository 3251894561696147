/** The signed-in person as pages see them (SPEC §3 "Session user", kept on the server). */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  /**
   * What the person may do: "admin" only when the account is an administrator's AND this session
   * has proved the second factor (the one guard every admin capability reads, wherever its route
   * lives); otherwise "learner".
   */
  role: "admin" | "learner";
  /** The account is an administrator's, whether or not this session has proved the second factor. */
  adminAccount: boolean;
  twoFactorEnabled: boolean;
}
