import { amlAction } from "~/domain/aml/index.server";
import { getHolderName } from "~/domain/certificates/index.server";
import { membershipOf } from "~/domain/compliance/index.server";
import { inOneTransaction } from "~/platform/db/db.server";
import { actorOf } from "./actor.server";

// A learner's work on an AML scenario (docs/decisions/036): a graded attempt, its evidence record
// in the organisation's chain and the draft it replaces, or an attestation of an attempt, are one
// commit. The actor and organisation are read before the transaction and passed down.

export async function postAmlWork(
  request: Request,
  fields: Record<string, string>,
  clientIp: string,
) {
  const { account } = await actorOf(request);
  const timeFloorPercent = account
    ? (await membershipOf(account, request)).organisation.assessment.timeFloorPercent
    : 0;
  // The name evidence carries: the account's, or the one the learner prints on certificates.
  const name = account ? account.name || ((await getHolderName(account.id)) ?? "") : "";
  return inOneTransaction(() =>
    amlAction(request, fields, clientIp, account && { ...account, name, timeFloorPercent }),
  );
}
