import type { Grade } from "./grading";
import type { Scenario } from "./pack-schema";

// Written feedback on a learner's own words, shown beside the rubric's result and never changing
// its score. A language model provider comes with the ESG advisor's settings (LLM_BASE_URL); until
// then no provider is configured and results carry no written feedback.

export interface FeedbackProvider {
  writtenFeedback(input: {
    scenario: Scenario;
    text: string;
    grade: Grade;
  }): Promise<string | null>;
}

export function feedbackProvider(): FeedbackProvider | null {
  return null;
}
