export { KB_TOPICS, type KbTopic } from "./knowledge-schema.server";
export { ADVISOR_BODY_BYTES, AskSchema } from "./request.server";
export { answerQuestion, type AnswerPiece } from "./answer.server";
export {
  ADVISOR_RATE_LIMITS,
  deleteConversation,
  limitQuestions,
  loadConversation,
  newMessageId,
  purgeOldConversations,
  saveMessage,
} from "./conversation.server";
export { evaluateAdvisor } from "./evaluation.server";
export { llmSettings } from "./llm.server";
export { retrieve } from "./retrieval.server";
