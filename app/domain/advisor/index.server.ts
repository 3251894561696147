export type { AdvisorSource } from "./messages";
export { KB_TOPICS, type KbTopic } from "./knowledge-schema.server";
export { ADVISOR_BODY_BYTES, AskSchema } from "./request.server";
export { answerQuestion, citationFilter, type AnswerPiece } from "./answer.server";
export { composeExtractive } from "./extractive.server";
export {
  ADVISOR_RATE_LIMITS,
  deleteConversation,
  limitQuestions,
  loadConversation,
  newMessageId,
  purgeOldConversations,
  saveMessage,
} from "./conversation.server";
export { ADVISOR_TARGETS, evaluateAdvisor } from "./evaluation.server";
export { type LlmSettings, llmSettings, streamChat } from "~/platform/lib/llm.server";
export { type Retrieved, prepareRetrieval, retrieve, retrieveInTopics } from "./retrieval.server";
