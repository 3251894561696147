import { href } from "react-router";
import { getOptionalUser } from "~/platform/auth/index.server";
import { catalogueCounts, catalogueTitles } from "~/domain/training/index.server";
import { type Analytics, computeAnalytics } from "./analytics";
import { membershipOf } from "./organisations.server";
import { type RequirementState as RequirementStatus, auditDateState } from "./rules";
import { forgetEverywhere, onForget } from "~/platform/lib/workers.server";
import { type ComplianceSnapshot, complianceSnapshot } from "./status.server";
import type {
  ComplianceDashboard,
  DashboardRequirement,
  DashboardScope,
  Organisation,
} from "./types";

// The compliance dashboard of the training home and /training/compliance: a manager (or an admin)
// sees the organisation, a learner themself. An organisation's figures are computed at most once a
// minute per server (Refresh Data asks for them afresh); a learner's own are read every time.

/** How long an organisation's figures are reused before they are computed again. */
export const ORGANISATION_FIGURES_TTL_MS = 60_000;

interface Figures {
  snapshot: ComplianceSnapshot;
  analytics: Analytics;
  counts: Map<number, Record<RequirementStatus, number>>;
}

const cached = new Map<number, { expires: number; figures: Promise<Figures> }>();

const FIGURES_TOPIC = "organisation-figures";
onForget(FIGURES_TOPIC, (organisationId) => cached.delete(Number(organisationId)));

/**
 * Drops an organisation's cached figures (its requirements changed, or Refresh Data), in every
 * worker of the server.
 */
export function forgetFigures(organisationId: number): void {
  forgetEverywhere(FIGURES_TOPIC, organisationId);
}

function figuresOf(snapshot: ComplianceSnapshot, now: Date): Figures {
  const counts = new Map<number, Record<RequirementStatus, number>>(
    snapshot.requirements.map((requirement) => [
      requirement.id,
      { completed: 0, pending: 0, overdue: 0 },
    ]),
  );
  for (const state of snapshot.states) {
    const bucket = counts.get(state.requirementId);
    if (bucket) bucket[state.status] += 1;
  }
  const analytics = computeAnalytics(
    { ...snapshot, nextAudit: snapshot.organisation.nextAudit },
    { now, timeZone: snapshot.organisation.timeZone, moduleCount: catalogueCounts().modules },
  );
  return { snapshot, analytics, counts };
}

function organisationFigures(organisation: Organisation, fresh: boolean): Promise<Figures> {
  const now = Date.now();
  const hit = cached.get(organisation.id);
  if (hit && hit.expires > now && !fresh) return hit.figures;
  const figures = complianceSnapshot(organisation, { now: new Date(now) }).then((snapshot) =>
    figuresOf(snapshot, new Date(now)),
  );
  cached.set(organisation.id, { expires: now + ORGANISATION_FIGURES_TTL_MS, figures });
  // A failed computation is not kept: the next request tries again.
  figures.catch(() => cached.delete(organisation.id));
  return figures;
}

/**
 * The dashboard of the signed-in user behind a request; null for a visitor who is not signed in.
 * `scope: "self"` shows a manager their own requirements too (the compliance page).
 */
export async function loadComplianceDashboard(
  request: Request,
  options: { fresh?: boolean; scope?: DashboardScope; now?: Date } = {},
): Promise<ComplianceDashboard | null> {
  const user = await getOptionalUser(request);
  if (!user) return null;
  const membership = await membershipOf(user, request);
  const role = user.role === "admin" ? "admin" : membership.role;
  const scope: DashboardScope = options.scope ?? (role === "learner" ? "self" : "organisation");
  const now = options.now ?? new Date();
  const { organisation } = membership;
  const [figures, titles] = await Promise.all([
    scope === "organisation" && options.now === undefined
      ? organisationFigures(organisation, options.fresh ?? false)
      : // A moment other than now (a report of a past day, a test's clock) is never cached.
        complianceSnapshot(organisation, {
          userIds: scope === "organisation" ? undefined : [user.id],
          now,
        }).then((snapshot) => figuresOf(snapshot, now)),
    catalogueTitles(request),
  ]);
  const { snapshot, analytics, counts } = figures;
  const own = new Map(
    snapshot.states
      .filter((state) => state.userId === user.id)
      .map((state) => [state.requirementId, state]),
  );
  return {
    scope,
    role,
    organisation: {
      id: organisation.id,
      name: organisation.name,
      regulator: organisation.regulator,
      nextAudit: organisation.nextAudit,
      nextAuditPast: auditDateState(organisation.nextAudit, now, organisation.timeZone).past,
      canSetAudit: role !== "learner",
    },
    // A learner sees the requirements assigned to them; the organisation's view, all of them.
    requirements: snapshot.requirements.flatMap((requirement) => {
      const state = own.get(requirement.id);
      if (scope === "self" && !state) return [];
      const mine = scope === "self" && state;
      const entry: DashboardRequirement = {
        id: requirement.id,
        name: requirement.name,
        description: requirement.description,
        category: requirement.category,
        points: requirement.points,
        dueDate: mine ? state.effectiveDueDate : requirement.dueDate,
        dueDays: mine ? null : requirement.dueDays,
        status: mine ? state.status : statusOfOrganisation(counts.get(requirement.id)),
        completedDate: mine ? state.completedDate : null,
        cycle: mine ? state.cycle : 1,
        renewal: mine ? state.renewal : false,
        items: requirement.fulfilledBy.map((key) => ({
          key,
          title: requirement.policy
            ? `${requirement.name} (${requirement.policy.version})`
            : (titles.get(key) ?? key),
          href: itemHref(key),
        })),
        counts: scope === "organisation" ? (counts.get(requirement.id) ?? null) : null,
      };
      return [entry];
    }),
    analytics: {
      ...analytics,
      topModules: analytics.topModules.map((module) => ({
        ...module,
        title: titles.get(`module:${module.moduleId}`) ?? module.moduleId,
      })),
    },
    takenAt: snapshot.takenAt,
  };
}

/** Where a requirement's item is done: a module's or track's page, or a policy's. */
function itemHref(key: string): string {
  const [kind = "", id = ""] = key.split(":", 2);
  if (kind === "module") return href("/training/module/:moduleId", { moduleId: id });
  if (kind === "policy") return href("/training/policies/:id", { id });
  return href("/training/track/:trackId", { trackId: id });
}

/** An organisation's requirement reads overdue while anyone is overdue, completed once all are. */
function statusOfOrganisation(
  counts: Record<RequirementStatus, number> | undefined,
): RequirementStatus {
  if (!counts) return "pending";
  if (counts.overdue > 0) return "overdue";
  return counts.pending === 0 && counts.completed > 0 ? "completed" : "pending";
}
