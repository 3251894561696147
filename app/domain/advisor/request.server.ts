import { z } from "~/platform/lib/zod";
import { requiredText } from "~/platform/lib/form-fields";
import { ADVISOR_LIMITS } from "./messages";

// A question to the advisor, as the chat widget posts it (JSON). A signed-out visitor's earlier
// turns come with it, since the server keeps no conversation for them; a signed-in user's are read
// from the database and any sent are ignored.

/** Body limit: a question and six turns of history, in any script. */
export const ADVISOR_BODY_BYTES = 48 * 1024;

export const AskSchema = z.strictObject({
  question: requiredText(ADVISOR_LIMITS.questionChars),
  history: z
    .array(
      z.strictObject({
        sender: z.enum(["user", "bot"]),
        text: z.string().max(ADVISOR_LIMITS.answerChars + 200),
      }),
    )
    .max(ADVISOR_LIMITS.historyTurns)
    .default([]),
});
export type AskRequest = z.output<typeof AskSchema>;
