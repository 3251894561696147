import {
  type StatusChange,
  activeModuleCertificates,
  changeCertificateStatus,
  heldCertificateCodes,
} from "~/domain/certificates/index.server";
import { completedModuleTakes } from "~/domain/training/index.server";
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

/** Why a certificate issued on a take below the pass mark was revoked. */
export const UNEARNED_REASON =
  "Issued on a take below the pass mark: a module certificate needs a passed take.";

/**
 * Revokes every module certificate that no passed take earned by the time it was issued (issue:
 * assessment, "completion means passed"), each with its reason, history entry and evidence
 * record; answers how many. Safe to run again: a revoked certificate is not looked at twice.
 */
export async function revokeUnearnedCertificates({ now = new Date() } = {}): Promise<number> {
  const held = await activeModuleCertificates();
  if (held.length === 0) return 0;
  const takes = await completedModuleTakes([...new Set(held.map((entry) => entry.userId))]);
  const firstPass = new Map<string, string>();
  for (const take of takes) {
    if (!take.passed) continue;
    const key = `${take.userId} ${take.moduleId}`;
    const before = firstPass.get(key);
    if (!before || take.completedAt < before) firstPass.set(key, take.completedAt);
  }
  let revoked = 0;
  for (const certificate of held) {
    const passed = firstPass.get(`${certificate.userId} ${certificate.moduleId}`);
    if (passed && passed <= certificate.issuedAt) continue;
    await setCertificateStatus({
      code: certificate.code,
      action: "revoked",
      reason: UNEARNED_REASON,
      actorEmail: "system",
      now,
    });
    revoked += 1;
  }
  return revoked;
}
