import {
  type AttestOutcome,
  type Organisation,
  attestPolicy,
} from "~/domain/compliance/index.server";
import { recordEvidence, sha256Hex } from "~/domain/evidence/index.server";
import { inOneTransaction, isUniqueViolation } from "~/platform/db/db.server";

// A member attests a policy (docs/decisions/051): the attestation's row and its signed evidence
// record are one commit, so an attestation without its evidence cannot exist, nor the reverse.

/** The statement a member ticks, as it is signed (the page shows it in the reader's language). */
export const ATTESTATION_STATEMENT = "I have read and understood this policy.";

/**
 * Two posts of the same attestation at once (a double click, two tabs): the one that commits
 * second loses on the unique (version, member), its evidence record rolls back with it, and it is
 * answered with the attestation the first one stored.
 */
export async function attest(
  user: { id: string; name: string; email: string },
  organisation: Organisation,
  input: { requirementId: number; versionId: number },
  now = new Date(),
): Promise<AttestOutcome> {
  try {
    return await attestOnce(user, organisation, input, now);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return attestOnce(user, organisation, input, now);
  }
}

function attestOnce(
  user: { id: string; name: string; email: string },
  organisation: Organisation,
  input: { requirementId: number; versionId: number },
  now: Date,
): Promise<AttestOutcome> {
  return inOneTransaction(() =>
    attestPolicy(
      organisation,
      user.id,
      input,
      async (facts) => {
        const record = await recordEvidence({
          organisationId: organisation.id,
          user,
          kind: "policy-attestation",
          subject: `policy-version:${facts.versionId}`,
          payload: {
            jurisdiction: null,
            mode: "policy",
            packVersion: null,
            timestamp: facts.attestedAt,
            content: {
              description: `${facts.policy}, version ${facts.version}`,
              learner: { name: user.name, email: user.email },
              policy: {
                id: facts.requirementId,
                name: facts.policy,
                version: facts.version,
                versionId: facts.versionId,
                sha256: sha256Hex(facts.body),
                // A version published as a PDF: the file's own digest, so the very bytes the
                // member was shown can be checked against the record.
                ...(facts.document ? { document: facts.document } : {}),
              },
              statement: ATTESTATION_STATEMENT,
              timeOnTask: {
                startedAt: facts.openedAt,
                completedAt: facts.attestedAt,
                seconds: facts.seconds,
                floorSeconds: facts.floorSeconds,
                tooFast: facts.tooFast,
              },
            },
          },
        });
        return record.evidenceId;
      },
      now,
    ),
  );
}
