import { type AccountSummary, accountsOf, inactiveAccountsOf } from "~/platform/auth/index.server";
import {
  type CertificateFact,
  certificatesOfUsers,
  holderNamesOf,
} from "~/domain/certificates/index.server";
import { type CompletedTake, completedModuleTakes } from "~/domain/training/index.server";
import type { MemberRole } from "./constants";
import { groupMembershipsOf } from "./groups.server";
import { membersOf } from "./organisations.server";
import {
  type Attestation,
  type Excusal,
  attestationKey,
  attestationsOf,
  excusalsOf,
  extensionsOf,
  requirementsOf,
  restartsOf,
} from "./requirements.server";
import {
  type LearnerRequirement,
  assignmentStart,
  firstDueDate,
  fulfilments,
  learnerRequirement,
} from "./rules";
import type { Organisation, Requirement } from "./types";

// Where every learner of an organisation stands on every requirement, read in a fixed number of
// queries (members, requirements, extensions, takes, certificates, accounts) whatever its size:
// the dashboard, the reminders and the reports all start from this.

export interface LearnerFacts extends AccountSummary {
  role: MemberRole;
  joinedAt: string;
  managerId: string | null;
  reviewer: boolean;
}

export interface RequirementState extends LearnerRequirement {
  requirementId: number;
  userId: string;
  /** When this member's assignment to the requirement started. */
  assignedAt: string;
}

export interface ComplianceSnapshot {
  organisation: Organisation;
  requirements: Requirement[];
  learners: LearnerFacts[];
  /**
   * One per learner and requirement assigned to them (and not excused), in the order of
   * `learners` then `requirements`.
   */
  states: RequirementState[];
  /** The excusals in force: the newest per learner and requirement, after any restart. */
  excused: Excusal[];
  takes: CompletedTake[];
  certificates: CertificateFact[];
  /** Every attestation of the organisation's policies by these learners, every version's. */
  attestations: Attestation[];
  takenAt: string;
}

/**
 * The snapshot of an organisation, or of some of its members only (`userIds`), at `now`.
 */
export async function complianceSnapshot(
  organisation: Organisation,
  { userIds, now = new Date() }: { userIds?: readonly string[]; now?: Date } = {},
): Promise<ComplianceSnapshot> {
  const everyone = await membersOf(organisation.id, userIds);
  // A deactivated member (SCIM `active: false`) owes nothing and is reminded of nothing while
  // inactive; their attempts, certificates and evidence stay stored.
  const inactive = await inactiveAccountsOf(everyone.map((member) => member.userId));
  const members = everyone.filter((member) => !inactive.has(member.userId));
  const ids = members.map((member) => member.userId);
  const requirements = await requirementsOf(organisation.id);
  const requirementIds = requirements.map((requirement) => requirement.id);
  const policyIds = requirements.flatMap((requirement) =>
    requirement.policy ? [requirement.id] : [],
  );
  const [
    extensions,
    restarts,
    excusals,
    groups,
    takes,
    certificates,
    accounts,
    holderNames,
    attestations,
  ] = await Promise.all([
    extensionsOf(requirementIds),
    restartsOf(requirementIds),
    excusalsOf(requirementIds),
    groupMembershipsOf(organisation.id, ids),
    completedModuleTakes(ids),
    certificatesOfUsers(ids),
    accountsOf(ids),
    holderNamesOf(ids),
    attestationsOf(policyIds, ids),
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
    return account
      ? [
          {
            ...account,
            role: member.role,
            joinedAt: member.joinedAt,
            managerId: member.managerId,
            reviewer: member.reviewer,
          },
        ]
      : [];
  });

  const passesByUser = new Map<string, Map<string, string[]>>();
  for (const take of takes) {
    if (!take.passed) continue;
    let passes = passesByUser.get(take.userId);
    if (!passes) passesByUser.set(take.userId, (passes = new Map()));
    passes.set(take.moduleId, [...(passes.get(take.moduleId) ?? []), take.completedAt]);
  }
  // An attestation counts as the pass of its version's one "module" (see toRequirement).
  for (const attestation of attestations) {
    let passes = passesByUser.get(attestation.userId);
    if (!passes) passesByUser.set(attestation.userId, (passes = new Map()));
    passes.set(attestationKey(attestation.versionId), [attestation.attestedAt]);
  }
  // The newest restart of an assignment counts; restartsOf lists them oldest first.
  const restarted = new Map(
    restarts.map((restart) => [`${restart.requirementId}:${restart.userId}`, restart.assignedAt]),
  );
  const after = (instant: string, from: string | undefined) =>
    from === undefined || new Date(instant).getTime() >= new Date(from).getTime();
  // A policy's new version starts every assignment again: what came before counts for the old one.
  const restartOf = (key: string, published: string | undefined) => {
    const restart = restarted.get(key);
    if (published === undefined) return restart;
    return restart !== undefined && !after(published, restart) ? restart : published;
  };
  const policyPublished = new Map(
    requirements.flatMap((requirement) =>
      requirement.policy ? [[requirement.id, requirement.policy.publishedAt] as const] : [],
    ),
  );
  const extended = new Map<string, Map<number, string>>();
  for (const extension of extensions) {
    const key = `${extension.requirementId}:${extension.userId}`;
    // An extension of an assignment that has since started again no longer counts.
    const published = policyPublished.get(extension.requirementId);
    if (!after(extension.createdAt, restartOf(key, published))) continue;
    let byCycle = extended.get(key);
    if (!byCycle) extended.set(key, (byCycle = new Map()));
    byCycle.set(extension.cycle, extension.dueDate);
  }
  const excusedBy = new Map<string, Excusal>();
  for (const excusal of excusals) {
    const key = `${excusal.requirementId}:${excusal.userId}`;
    const published = policyPublished.get(excusal.requirementId);
    if (after(excusal.createdAt, restartOf(key, published))) excusedBy.set(key, excusal);
  }

  const none = new Map<string, string[]>();
  const noGroups = new Map<number, string>();
  const states = learners.flatMap((learner) =>
    requirements.flatMap((requirement) => {
      const key = `${requirement.id}:${learner.id}`;
      if (excusedBy.has(key)) return [];
      const restartedAt = restartOf(key, requirement.policy?.publishedAt) ?? null;
      const assignedAt = assignmentStart({
        audience: requirement.audience,
        requirementCreatedAt: requirement.createdAt,
        joinedAt: learner.joinedAt,
        groups: groups.get(learner.id) ?? noGroups,
        restartedAt,
        timeZone: organisation.timeZone,
      });
      if (assignedAt === null) return [];
      let passes = passesByUser.get(learner.id) ?? none;
      // Passes before a restart belong to the assignment it ended.
      if (restartedAt !== null) {
        passes = new Map(
          [...passes].map(([moduleId, times]) => [
            moduleId,
            times.filter((time) => after(time, restartedAt)),
          ]),
        );
      }
      return [
        {
          requirementId: requirement.id,
          userId: learner.id,
          assignedAt,
          ...learnerRequirement({
            dueDate: firstDueDate({
              dueDate: requirement.dueDate,
              dueDays: requirement.dueDays,
              assignedAt,
              timeZone: organisation.timeZone,
            }),
            recurrence: requirement.recurrence,
            windowDays: requirement.windowDays,
            fulfilled: fulfilments({
              moduleIds: requirement.moduleIds,
              passes,
              recurrence: requirement.recurrence,
              now,
            }),
            extensions: extended.get(key) ?? new Map(),
            now,
            timeZone: organisation.timeZone,
          }),
        },
      ];
    }),
  );
  return {
    organisation,
    requirements,
    learners,
    states,
    excused: [...excusedBy.values()],
    takes,
    certificates,
    attestations,
    takenAt: now.toISOString(),
  };
}
