import { moveAmlWork } from "~/domain/aml/index.server";
import { membershipOf } from "~/domain/compliance/index.server";
import { moveCourseWork } from "~/domain/courses/index.server";
import {
  claimGuest,
  clearGuestCookie,
  guestIdOf,
  removeGuest,
} from "~/domain/training/index.server";
import { inOneTransaction } from "~/platform/db/db.server";

// A visitor signs in (ARCHITECTURE "Learning core", docs/decisions/036): the account joins the
// organisation that let it in, and the guest's work (takes, AML attempts and drafts, course
// progress) becomes the account's in one commit, so no work is split between the two.

/** Returns the Set-Cookie header that clears the guest, or null when the request carried none. */
export async function adoptGuestWork(
  request: Request,
  user: { id: string; email: string },
  now = new Date(),
): Promise<string | null> {
  await membershipOf(user);
  const guestId = await guestIdOf(request);
  if (!guestId) return null;
  await inOneTransaction(async () => {
    const claimed = await claimGuest(guestId, user.id, now);
    if (!claimed?.mergeInto) return;
    await moveAmlWork(guestId, claimed.mergeInto);
    await moveCourseWork(guestId, claimed.mergeInto);
    await removeGuest(guestId);
  });
  return clearGuestCookie();
}
