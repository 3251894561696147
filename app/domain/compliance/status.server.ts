import { type AccountSummary, accountsOf } from "~/platform/auth/index.server";
import {
  type CertificateFact,
  certificatesOfUsers,
  holderNamesOf,
} from "~/domain/certificates/index.server";
import { type CompletedTake, completedModuleTakes } from "~/domain/training/index.server";
import type { MemberRole } from "./constants";
import { membersOf } from "./organisations.server";
import { extensionsOf, requirementsOf } from "./requirements.server";
import { type LearnerRequirement, fulfilments, learnerRequirement } from "./rules";
import type { Organisation, Requirement } from "./types";

// Where every learner of an organisation stands on every requirement, read in a fixed number of
// queries (members, requirements, extensions, takes, certificates, accounts) whatever its size:
// the dashboard, the reminders and the reports all start from this.

export interface LearnerFacts extends AccountSummary {
  role: MemberRole;
  joinedAt: string;
}

export interface RequirementState extends LearnerRequirement {
  requirementId: number;
  userId: string;
}

export interface ComplianceSnapshot {
  organisation: Organisation;
  requirements: Requirement[];
  learners: LearnerFacts[];
  /** One per learner and requirement, in the order of `learners` then `requirements`. */
  states: RequirementState[];
  takes: CompletedTake[];
  certificates: CertificateFact[];
  takenAt: string;
}

/**
 * The snapshot of an organisation, or of some of its members only (`userIds`), at `now`.
 */
export async function complianceSnapshot(
  organisation: Organisation,
  { userIds, now = new Date() }: { userIds?: readonly string[]; now?: Date } = {},
): Promise<ComplianceSnapshot> {
  const members = await membersOf(organisation.id, userIds);
  const ids = members.map((member) => member.userId);
  const requirements = await requirementsOf(organisation.id);
  const [extensions, takes, certificates, accounts, holderNames] = await Promise.all([
    extensionsOf(requirements.map((requirement) => requirement.id)),
    completedModuleTakes(ids),
    certificatesOfUsers(ids),
    accountsOf(ids),
    holderNamesOf(ids),
  ]);
  // A name is optional at sign-in; the one a learner saved for their certificates names them then.
  const accountById = new Map(
    accounts.map((account) => [
      account.id,
      { ...account, name: account.name.trim() || holderNames.get(account.id) || "" },
    ]),
  );
  const learners = members.flatMap((member) => {
    const account = accountById.get(member.userId);
    return account ? [{ ...account, role: member.role, joinedAt: member.joinedAt }] : [];
  });

  const passesByUser = new Map<string, Map<string, string[]>>();
  for (const take of takes) {
    if (!take.passed) continue;
    let passes = passesByUser.get(take.userId);
    if (!passes) passesByUser.set(take.userId, (passes = new Map()));
    passes.set(take.moduleId, [...(passes.get(take.moduleId) ?? []), take.completedAt]);
  }
  const extended = new Map<string, Map<number, string>>();
  for (const extension of extensions) {
    const key = `${extension.requirementId}:${extension.userId}`;
    let byCycle = extended.get(key);
    if (!byCycle) extended.set(key, (byCycle = new Map()));
    byCycle.set(extension.cycle, extension.dueDate);
  }

  const none = new Map<string, string[]>();
  const states = learners.flatMap((learner) =>
    requirements.map((requirement) => ({
      requirementId: requirement.id,
      userId: learner.id,
      ...learnerRequirement({
        dueDate: requirement.dueDate,
        recurrence: requirement.recurrence,
        windowDays: requirement.windowDays,
        fulfilled: fulfilments({
          moduleIds: requirement.moduleIds,
          passes: passesByUser.get(learner.id) ?? none,
          recurrence: requirement.recurrence,
          now,
        }),
        extensions: extended.get(`${requirement.id}:${learner.id}`) ?? new Map(),
        now,
        timeZone: organisation.timeZone,
      }),
    })),
  );
  return {
    organisation,
    requirements,
    learners,
    states,
    takes,
    certificates,
    takenAt: now.toISOString(),
  };
}
