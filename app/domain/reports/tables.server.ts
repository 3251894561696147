import type { TFunction } from "i18next";
import type { ComplianceSnapshot } from "~/domain/compliance/index.server";
import { type CompletedTake, floorSeconds, isTooFast } from "~/domain/training/index.server";
import { EXPIRING_WITHIN_DAYS } from "./constants";

// What each report says, as tables of text in the requester's language: the same tables become
// the CSV and the PDF, so the two never disagree.

export interface ReportColumn {
  label: string;
  /** Share of the page width in the PDF. */
  weight: number;
}

export interface ReportTable {
  heading?: string;
  columns: ReportColumn[];
  rows: string[][];
  /** Printed under the header of a table without rows. */
  empty: string;
}

export interface ReportDocument {
  title: string;
  facts: [string, string][];
  tables: ReportTable[];
  orientation: "portrait" | "landscape";
}

export type ReportsT = TFunction<"reports">;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Dates as YYYY-MM-DD: unambiguous to an examiner in any country, and sortable in a spreadsheet. */
const isoDate = (instant: string | null) => (instant ? instant.slice(0, 10) : "");

function generatedAt(now: Date): string {
  return `${now.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function organisationFacts(snapshot: ComplianceSnapshot, t: ReportsT, now: Date) {
  const { organisation } = snapshot;
  return [
    [t("file.organisation"), organisation.name],
    [t("file.regulator"), organisation.regulator],
    [t("file.generatedAt"), generatedAt(now)],
    [t("file.nextAudit"), organisation.nextAudit],
  ] as [string, string][];
}

/** The codes of each learner's certificates, not revoked, by achievement (`module:<id>`). */
function codesByAchievement(snapshot: ComplianceSnapshot): Map<string, Map<string, string[]>> {
  const byUser = new Map<string, Map<string, string[]>>();
  for (const certificate of snapshot.certificates) {
    if (certificate.revokedAt) continue;
    let byKey = byUser.get(certificate.userId);
    if (!byKey) byUser.set(certificate.userId, (byKey = new Map()));
    byKey.set(certificate.achievementKey, [
      ...(byKey.get(certificate.achievementKey) ?? []),
      certificate.code,
    ]);
  }
  return byUser;
}

/** Minutes and seconds, as a report prints a time on task. */
function duration(seconds: number, t: ReportsT): string {
  return t("file.duration", { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
}

/** A take finished faster than its organisation's time floor. */
function tooFast(take: CompletedTake, snapshot: ComplianceSnapshot): boolean {
  return isTooFast(
    take.seconds,
    take.readingMinutes,
    snapshot.organisation.assessment.timeFloorPercent,
  );
}

/** Every learner × requirement with status, dates and the certificate codes that fulfil it. */
export function trainingRegister(
  snapshot: ComplianceSnapshot,
  t: ReportsT,
  now: Date,
  moduleTitle: (moduleId: string) => string,
): ReportDocument {
  const learnerById = new Map(snapshot.learners.map((learner) => [learner.id, learner]));
  const requirementById = new Map(
    snapshot.requirements.map((requirement) => [requirement.id, requirement]),
  );
  const codes = codesByAchievement(snapshot);
  const rows = snapshot.states.flatMap((state) => {
    const learner = learnerById.get(state.userId);
    const requirement = requirementById.get(state.requirementId);
    if (!learner || !requirement) return [];
    const held = codes.get(learner.id);
    const fulfilling = requirement.fulfilledBy.flatMap((key) => held?.get(key) ?? []);
    return [
      [
        learner.name,
        learner.email,
        t(`file.roles.${learner.role}`),
        requirement.name,
        t(`file.categories.${requirement.category}`),
        String(state.cycle),
        t(`file.requirementStatuses.${state.status}`),
        state.effectiveDueDate,
        state.completedDate ?? "",
        fulfilling.join(" "),
      ],
    ];
  });
  const c = (key: string) => t(`file.columns.${key}` as "file.columns.name");
  return {
    title: t("titles.training-register", { organisation: snapshot.organisation.name }),
    facts: [
      ...organisationFacts(snapshot, t, now),
      [t("file.learner"), t("file.learners", { count: snapshot.learners.length })],
    ],
    orientation: "landscape",
    tables: [
      {
        columns: [
          { label: c("name"), weight: 14 },
          { label: c("email"), weight: 17 },
          { label: c("role"), weight: 7 },
          { label: c("requirement"), weight: 15 },
          { label: c("category"), weight: 8 },
          { label: c("cycle"), weight: 5 },
          { label: c("status"), weight: 8 },
          { label: c("dueDate"), weight: 9 },
          { label: c("completedDate"), weight: 9 },
          { label: c("certificates"), weight: 14 },
        ],
        rows,
        empty: t("file.none"),
      },
      {
        heading: t("file.sections.fastTakes"),
        columns: [
          { label: c("name"), weight: 16 },
          { label: c("email"), weight: 20 },
          { label: c("module"), weight: 22 },
          { label: c("completedDate"), weight: 10 },
          { label: c("passed"), weight: 7 },
          { label: c("timeOnTask"), weight: 12 },
          { label: c("floor"), weight: 12 },
        ],
        rows: snapshot.takes
          .filter((take) => learnerById.has(take.userId) && tooFast(take, snapshot))
          .sort((a, b) => a.completedAt.localeCompare(b.completedAt))
          .map((take) => {
            const learner = learnerById.get(take.userId);
            const floor = floorSeconds(
              take.readingMinutes,
              snapshot.organisation.assessment.timeFloorPercent,
            );
            return [
              learner?.name ?? "",
              learner?.email ?? "",
              moduleTitle(take.moduleId),
              isoDate(take.completedAt),
              take.passed ? t("file.yes") : t("file.no"),
              duration(take.seconds, t),
              duration(floor, t),
            ];
          }),
        empty: t("file.none"),
      },
      {
        heading: t("file.sections.attestations"),
        columns: [
          { label: c("name"), weight: 14 },
          { label: c("email"), weight: 18 },
          { label: c("policy"), weight: 18 },
          { label: c("version"), weight: 8 },
          { label: c("attestedAt"), weight: 14 },
          { label: c("timeOnTask"), weight: 10 },
          { label: c("floor"), weight: 10 },
          { label: c("evidence"), weight: 16 },
        ],
        // Every version's attestation, old and new: a new version never hides the earlier ones.
        rows: snapshot.attestations.flatMap((attestation) => {
          const learner = learnerById.get(attestation.userId);
          const requirement = requirementById.get(attestation.requirementId);
          if (!learner || !requirement) return [];
          return [
            [
              learner.name,
              learner.email,
              requirement.name,
              attestation.version,
              `${attestation.attestedAt.slice(0, 16).replace("T", " ")} UTC`,
              duration(attestation.seconds, t),
              attestation.seconds < attestation.floorSeconds
                ? `${duration(attestation.floorSeconds, t)} (${t("file.belowFloor")})`
                : duration(attestation.floorSeconds, t),
              attestation.evidenceId,
            ],
          ];
        }),
        empty: t("file.none"),
      },
    ],
  };
}

export type CertificateState = "valid" | "expiring" | "expired" | "revoked";

/** Revoked first (whatever its dates), then expired, then expiring within 30 days, else valid. */
export function certificateState(
  certificate: { expiresAt: string; revokedAt: string | null },
  now: Date,
): CertificateState {
  if (certificate.revokedAt) return "revoked";
  const left = new Date(certificate.expiresAt).getTime() - now.getTime();
  if (left <= 0) return "expired";
  return left <= EXPIRING_WITHIN_DAYS * DAY_MS ? "expiring" : "valid";
}

/** Every certificate of the organisation's learners: holder, code, dates and state. */
export function certificationReport(
  snapshot: ComplianceSnapshot,
  t: ReportsT,
  now: Date,
): ReportDocument {
  const learnerById = new Map(snapshot.learners.map((learner) => [learner.id, learner]));
  const certificates = snapshot.certificates
    .filter((certificate) => learnerById.has(certificate.userId))
    .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt) || a.code.localeCompare(b.code));
  const rows = certificates.map((certificate) => {
    const holder = learnerById.get(certificate.userId);
    return [
      holder?.name ?? "",
      holder?.email ?? "",
      certificate.title,
      certificate.code,
      isoDate(certificate.issuedAt),
      isoDate(certificate.expiresAt),
      t(`file.certificateStatuses.${certificateState(certificate, now)}`),
      certificate.revokedReason ?? "",
    ];
  });
  const c = (key: string) => t(`file.columns.${key}` as "file.columns.name");
  return {
    title: t("titles.certification", { organisation: snapshot.organisation.name }),
    facts: [
      ...organisationFacts(snapshot, t, now),
      [t("file.sections.certificates"), t("file.certificates", { count: rows.length })],
    ],
    orientation: "landscape",
    tables: [
      {
        columns: [
          { label: c("holder"), weight: 14 },
          { label: c("email"), weight: 16 },
          { label: c("certificate"), weight: 18 },
          { label: c("code"), weight: 12 },
          { label: c("issued"), weight: 8 },
          { label: c("expires"), weight: 8 },
          { label: c("status"), weight: 8 },
          { label: c("reason"), weight: 16 },
        ],
        rows,
        empty: t("file.none"),
      },
    ],
  };
}

/** One learner's record: requirements, modules passed, certificates. */
export function trainingRecord(
  snapshot: ComplianceSnapshot,
  learnerId: string,
  t: ReportsT,
  now: Date,
  moduleTitle: (moduleId: string) => string,
): ReportDocument {
  const learner = snapshot.learners.find((candidate) => candidate.id === learnerId);
  const requirementById = new Map(
    snapshot.requirements.map((requirement) => [requirement.id, requirement]),
  );
  const c = (key: string) => t(`file.columns.${key}` as "file.columns.name");
  const requirements = snapshot.states
    .filter((state) => state.userId === learnerId)
    .map((state) => [
      requirementById.get(state.requirementId)?.name ?? "",
      t(`file.categories.${requirementById.get(state.requirementId)?.category ?? "training"}`),
      String(state.cycle),
      t(`file.requirementStatuses.${state.status}`),
      state.effectiveDueDate,
      state.completedDate ?? "",
    ]);
  const modules = snapshot.takes
    .filter((take) => take.userId === learnerId && take.passed)
    .sort((a, b) => a.completedAt.localeCompare(b.completedAt))
    .map((take) => [
      moduleTitle(take.moduleId),
      `${take.score}%`,
      isoDate(take.completedAt),
      duration(take.seconds, t),
      tooFast(take, snapshot) ? t("file.flags.tooFast") : "",
    ]);
  const certificates = snapshot.certificates
    .filter((certificate) => certificate.userId === learnerId)
    .map((certificate) => [
      certificate.title,
      certificate.code,
      isoDate(certificate.issuedAt),
      isoDate(certificate.expiresAt),
      t(`file.certificateStatuses.${certificateState(certificate, now)}`),
    ]);
  // A name is optional at sign-in: the address stands in for a learner who has not given one.
  const name = learner?.name.trim() || learner?.email || "";
  return {
    title: t("titles.training-record", { name }),
    facts: [
      [t("file.learner"), learner ? `${name} <${learner.email}>` : ""],
      [t("file.organisation"), snapshot.organisation.name],
      [t("file.regulator"), snapshot.organisation.regulator],
      [t("file.generatedAt"), generatedAt(now)],
    ],
    orientation: "portrait",
    tables: [
      {
        heading: t("file.sections.requirements"),
        columns: [
          { label: c("requirement"), weight: 26 },
          { label: c("category"), weight: 12 },
          { label: c("cycle"), weight: 7 },
          { label: c("status"), weight: 13 },
          { label: c("dueDate"), weight: 13 },
          { label: c("completedDate"), weight: 13 },
        ],
        rows: requirements,
        empty: t("file.none"),
      },
      {
        heading: t("file.sections.modules"),
        columns: [
          { label: c("module"), weight: 34 },
          { label: c("score"), weight: 9 },
          { label: c("passedOn"), weight: 13 },
          { label: c("timeOnTask"), weight: 14 },
          { label: c("flag"), weight: 18 },
        ],
        rows: modules,
        empty: t("file.none"),
      },
      {
        heading: t("file.sections.certificates"),
        columns: [
          { label: c("certificate"), weight: 30 },
          { label: c("code"), weight: 18 },
          { label: c("issued"), weight: 12 },
          { label: c("expires"), weight: 12 },
          { label: c("status"), weight: 12 },
        ],
        rows: certificates,
        empty: t("file.none"),
      },
    ],
  };
}
