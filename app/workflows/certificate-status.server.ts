import {
  type StatusChange,
  changeCertificateStatus,
  heldCertificateCodes,
} from "~/domain/certificates/index.server";
import { membershipOf } from "~/domain/compliance/index.server";
import { recordEvidence } from "~/domain/evidence/index.server";
import { accountsOf } from "~/platform/auth/index.server";
import { inOneTransaction } from "~/platform/db/db.server";

// A certificate revoked or reinstated (docs/decisions/036): the status change, its history entry
// and the evidence record in the holder's organisation's chain are one commit.

export interface StatusChangeInput {
  code: string;
  action: StatusChange["action"];
  reason: string;
  actorEmail: string;
  now?: Date;
}

export function setCertificateStatus(input: StatusChangeInput): Promise<void> {
  return inOneTransaction(async () => {
    const holder = await changeCertificateStatus(input);
    const [account] = await accountsOf([holder.userId]);
    if (!account) return;
    const { organisation } = await membershipOf(account);
    await recordEvidence({
      organisationId: organisation.id,
      user: account,
      kind: input.action === "revoked" ? "certificate-revoked" : "certificate-reinstated",
      subject: `certificate:${input.code}`,
      payload: {
        jurisdiction: null,
        mode: "certificate",
        packVersion: null,
        timestamp: holder.changedAt,
        content: {
          certificate: { code: input.code, title: holder.title },
          action: input.action,
          reason: input.reason,
          by: input.actorEmail,
        },
      },
    });
  });
}

/** Revokes every certificate a user holds with one reason (Factory Reset); answers how many. */
export function revokeAllHeld(
  input: Omit<StatusChangeInput, "code" | "action"> & {
    userId: string;
  },
): Promise<number> {
  return inOneTransaction(async () => {
    const codes = await heldCertificateCodes(input.userId);
    for (const code of codes) await setCertificateStatus({ ...input, code, action: "revoked" });
    return codes.length;
  });
}
