import { membershipOf } from "~/domain/compliance/index.server";
import { type Learner, getLearner } from "~/domain/training/index.server";
import { getOptionalUser } from "~/platform/auth/index.server";
import type { Locale, Region } from "~/platform/i18n";
import { getLocaleState } from "~/platform/i18n/index.server";

// Who acts in a workflow and for which organisation, read from the request before the workflow's
// transaction begins: the session is read through better-auth on the same database handle, and
// a workflow names its actor and organisation explicitly instead of finding them on its own
// (docs/decisions/036).

export interface Account {
  id: string;
  email: string;
  name: string;
  /** The organisation whose evidence chain the account's records join. */
  organisationId: number;
}

export interface Actor {
  /** Null for a guest, who holds no certificates and leaves no evidence. */
  account: Account | null;
  learner: Learner;
  locale: Locale;
  region: Region;
}

export async function actorOf(request: Request): Promise<Actor> {
  const [user, learner, { locale, region }] = await Promise.all([
    getOptionalUser(request),
    getLearner(request),
    getLocaleState(request),
  ]);
  const account = user
    ? {
        id: user.id,
        email: user.email,
        name: user.name,
        organisationId: (await membershipOf(user, request)).organisation.id,
      }
    : null;
  return { account, learner, locale, region };
}
