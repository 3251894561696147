import type { BetterAuthPlugin } from "better-auth";
import { createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "~/platform/lib/zod";

// A sign-in whose email another party has proved (an organisation's OpenID provider, decision
// 048): better-auth makes the account if it is new and opens the session as its email-code sign-in
// does (the same session row, the same signed cookie), so every guard treats both alike. The
// endpoint is server-only: better-auth's HTTP handler is not mounted, and the flag says so too.

export const verifiedSignIn = () =>
  ({
    id: "kestrel-verified-sign-in",
    endpoints: {
      signInVerifiedEmail: createAuthEndpoint(
        "/kestrel/sign-in-verified-email",
        {
          method: "POST",
          body: z.object({ email: z.email(), name: z.string().max(200) }),
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const email = ctx.body.email.toLowerCase();
          const found = await ctx.context.internalAdapter.findUserByEmail(email);
          const user =
            found?.user ??
            (await ctx.context.internalAdapter.createUser(
              { email, emailVerified: true, name: ctx.body.name },
              { method: "sso" } as never,
            ));
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ userId: user.id, created: !found });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;
