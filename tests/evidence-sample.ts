import type { StoredEvidence } from "~/domain/evidence/chain.server";
import {
  type Envelope,
  type EvidenceKind,
  type EvidencePayload,
  evidenceIdOf,
  hashEnvelope,
} from "~/domain/evidence/record.server";

// Evidence records as the chain stores them, for tests of what is made from one. The signature is
// not a real one: nothing made from a stored record checks it.

export const sampleCriteria = [
  {
    criterion: "signals",
    label: "Spots the signals",
    earned: 20,
    maxScore: 25,
    weight: 0.25,
    passed: true,
    explanation: [
      "You named 4 of the 5 key signals in this case.",
      "Found: third-party cash, far-away top-ups, rapid pass-through and the 1441 hold request.",
      "Missed: totals beyond the customer's profile.",
    ],
  },
  {
    criterion: "reasoning",
    label: "Explains why it matters",
    earned: 12.5,
    maxScore: 25,
    weight: 0.25,
    passed: false,
    explanation: [
      "You explained 2 of the 6 concepts.",
      "Shown: Mule accounts, Grounds to suspect.",
    ],
  },
  {
    criterion: "decision",
    label: "Makes the right call",
    earned: 30,
    maxScore: 30,
    weight: 0.3,
    passed: true,
    explanation: ["You escalated to the compliance officer, as the case calls for."],
  },
  {
    criterion: "documentation",
    label: "Documents the case",
    earned: 15,
    maxScore: 20,
    weight: 0.2,
    passed: true,
    explanation: ["Your record cites one of the scenario's sources."],
  },
];

export const sampleActions = [
  {
    action: "Signals",
    value: "Cash paid in by third parties; Top-ups far from home; ครูสมศรี ฝากเงินแทน",
  },
  {
    action: "Why it matters",
    value:
      "The account looks like a rented mule account: money moves out within minutes and every top-up stays below the THB 100,000 threshold.",
  },
  { action: "Decision", value: "Escalate now" },
  {
    action: "Decision notes",
    value: "Hold outgoing transfers; the branch in சென்னை flagged it too.",
  },
  { action: "Confidence", value: "Fairly sure" },
];

export const sampleAttestation = "This analysis is my own work";

export function amlContent(): Record<string, unknown> {
  return {
    attempt: { id: 41, mode: "guided" },
    learner: { name: "สมชาย ใจดี", email: "somchai@bank.example" },
    pack: {
      id: "th-amlo-payments",
      title: "Thailand: cash-in mule accounts under the AMLA",
      regulator: "AMLO",
    },
    scenarioSnapshot: {
      id: "convenience-store-cash-in",
      title: "Cash-in at kiosks and store counters",
      version: "1.2.0",
      role: "compliance",
      summary:
        "A student's account receives 212 small cash top-ups made at kiosks and convenience-store counters in three provinces far from his home.",
      customerProfile: {
        type: "individual",
        pep: false,
        segment: "Retail, student savings account opened through the mobile app",
        details: "University student, 21, registered in Khon Kaen.",
      },
      activity: {
        amount: 3486500,
        currency: "THB",
        pattern: "Cash top-ups at kiosks and store counters passed straight on",
        details: "212 cash top-ups of THB 1,000 to 49,000 between 2 and 13 November 2026.",
      },
      redFlags: [
        "Many small cash top-ups paid in by people the bank cannot identify",
        "Money leaving within minutes of arriving",
      ],
    },
    learnerActions: sampleActions,
    gradingSummary: {
      score: 0.775,
      percent: 77.5,
      band: "Proficient",
      criteria: sampleCriteria,
      penalties: [
        {
          kind: "delayedEscalation",
          multiplier: 0.9,
          description: "Escalated after the first hold request",
        },
      ],
      player: null,
    },
    artifacts: [
      { name: "Top-up log: dates, times, amounts and locations", reviewedInTraining: true },
      { name: "Escalation note and STR narrative for AMLO", reviewedInTraining: true },
    ],
    attestation: { statement: sampleAttestation, confirmed: false },
    complianceMapping: [
      {
        criterion: "signals",
        label: "Spots the signals",
        url: "https://www.amlo.go.th/mule-accounts",
        section: "Mule account controls (secondary)",
        summary: "AMLO estimated 200,000 to 500,000 mule accounts.",
        secondary: true,
      },
      {
        criterion: null,
        label: "Scenario source",
        url: "https://www.amlo.go.th/amla",
        section: "AMLA B.E. 2542, ss.13 and 14 (statute text, secondary)",
        summary: "Financial institutions report any suspicious transaction to AMLO.",
        secondary: false,
      },
    ],
    retention: { recordRetentionYears: 5, productionDays: 30, retainUntil: "2031-11-23" },
  };
}

export function storedEvidence(options: {
  kind?: EvidenceKind;
  content: Record<string, unknown>;
  scenarioId?: string | null;
  timestamp?: string;
  sequence?: number;
}): StoredEvidence {
  const kind = options.kind ?? "aml-attempt";
  const sequence = options.sequence ?? 7;
  const prevHash = "9f".repeat(32);
  const payload: EvidencePayload = {
    jurisdiction: kind.startsWith("aml-") ? "th" : null,
    mode: kind.startsWith("aml-") ? "guided" : "retention-purge",
    packVersion: kind.startsWith("aml-") ? "1.2.0" : null,
    timestamp: options.timestamp ?? "2026-11-23T09:41:07.250Z",
    content: options.content,
  };
  const envelope: Envelope = { version: 1, organisation: 3, sequence, prevHash, kind, payload };
  const hash = hashEnvelope(envelope);
  return {
    id: sequence,
    organisationId: 3,
    sequence,
    evidenceId: evidenceIdOf(hash),
    kind,
    learnerId: kind.startsWith("aml-") ? "learner-1" : null,
    userId: kind.startsWith("aml-") ? "user-1" : null,
    subject: kind.startsWith("aml-") ? "aml-attempt:41" : `${kind}:${sequence}`,
    scenarioId:
      options.scenarioId === undefined
        ? kind.startsWith("aml-")
          ? "convenience-store-cash-in"
          : null
        : options.scenarioId,
    envelope,
    hash,
    prevHash,
    keyId: "kestrel-evidence-2026-11",
    signature: "not-a-real-signature",
    createdAt: payload.timestamp,
  };
}
