import type { Rubric, Scenario, SourceRef } from "./pack-schema";

// The sources a guided answer may cite (types only: the grader and the page both read it).

/** A source the guided flow offers to cite: the case's own, or another of the pack's. */
export interface CitationChoice {
  ref: SourceRef;
  /** One of the case's own sources: citing it earns marks; citing another costs them. */
  relevant: boolean;
}

/**
 * The sources a learner may cite for a case: its own and the pack's others, ordered by tag and
 * section (so the relevant ones are not simply the first).
 */
export function citationChoices(scenario: Scenario, rubric: Rubric): CitationChoice[] {
  const tags = new Set(scenario.sources.map((source) => source.source));
  return [
    ...scenario.sources.map((ref) => ({ ref, relevant: true })),
    ...rubric.citations
      .filter((ref) => !tags.has(ref.source))
      .map((ref) => ({ ref, relevant: false })),
  ].sort(
    (a, b) =>
      a.ref.source.localeCompare(b.ref.source) || a.ref.section.localeCompare(b.ref.section),
  );
}
