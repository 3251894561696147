import { stringify } from "csv-stringify/sync";
import { neutraliseCsvCell } from "~/platform/lib/csv-cell";
import type { StoredEvidence } from "./chain.server";
import { type ContentPart, type PlainValue, contentParts, plainValues } from "./kit-files";

// An evidence record as one table a spreadsheet can filter: every row names the record, and the
// learner's actions, the rubric's criteria, the attestation and the citations have rows of their
// own; every other value the record holds is a `content` row named by its path.

export const EVIDENCE_CSV_HEADER = [
  "evidence_id",
  "hash",
  "kind",
  "section",
  "name",
  "value",
  "earned",
  "max_score",
  "weight",
  "passed",
] as const;

type Cell = string | number | null;

interface Row {
  section: string;
  name: string;
  value: Cell;
  earned?: number;
  maxScore?: number;
  weight?: number;
  passed?: boolean;
}

const cell = (value: PlainValue): Cell => (typeof value === "boolean" ? String(value) : value);

function rows(part: ContentPart): Row[] {
  switch (part.item) {
    case "learnerActions":
      return part.value.map(({ action, value }) => ({ section: "action", name: action, value }));
    case "gradingSummary":
      return [
        {
          section: "grade",
          name: "score",
          value: part.value.band,
          earned: part.value.percent,
          maxScore: 100,
        },
        ...part.value.criteria.map((criterion): Row => ({
          section: "criterion",
          name: criterion.label,
          value: criterion.explanation.join(" "),
          earned: criterion.earned,
          maxScore: criterion.maxScore,
          weight: criterion.weight,
          passed: criterion.passed,
        })),
        ...part.value.penalties.map((penalty): Row => ({
          section: "penalty",
          name: penalty.description,
          value: `score × ${penalty.multiplier}`,
        })),
        ...(part.value.floor
          ? [
              {
                section: "floor",
                name: part.value.floor.description,
                value: `score at least ${part.value.floor.score}`,
              } satisfies Row,
            ]
          : []),
      ];
    case "attestation": {
      const { statement, confirmed, at } = part.value;
      return [
        {
          section: "attestation",
          name: statement,
          value: confirmed ? `confirmed${at ? ` ${at}` : ""}` : "not confirmed",
        },
      ];
    }
    case "complianceMapping":
      return part.value.map((citation) => ({
        section: "citation",
        name: `${citation.label}: ${citation.section}`,
        value: citation.url,
      }));
    default:
      return plainValues(part.value, ["key" in part ? part.key : part.item]).map((leaf) => ({
        section: "content",
        name: leaf.path.join("."),
        value: cell(leaf.value),
      }));
  }
}

/**
 * The record as CSV. Every cell is neutralised against formula injection (a learner's answer may
 * start with `=`); the byte order mark lets spreadsheet programs read Thai, Tamil or Chinese names.
 */
export function evidenceCsv(record: StoredEvidence): string {
  const records: Cell[][] = [[...EVIDENCE_CSV_HEADER]];
  for (const part of contentParts(record.envelope.payload.content)) {
    for (const row of rows(part)) {
      records.push([
        record.evidenceId,
        record.hash,
        record.kind,
        row.section,
        row.name,
        row.value,
        row.earned ?? null,
        row.maxScore ?? null,
        row.weight ?? null,
        row.passed === undefined ? null : String(row.passed),
      ]);
    }
  }
  return stringify(
    records.map((cells) => cells.map((value) => neutraliseCsvCell(value))),
    { bom: true },
  );
}
