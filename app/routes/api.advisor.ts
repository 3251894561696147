import {
  ADVISOR_BODY_BYTES,
  AskSchema,
  answerQuestion,
  deleteConversation,
  limitQuestions,
  llmSettings,
  loadConversation,
  newMessageId,
  saveMessage,
} from "~/domain/advisor/index.server";
import { type AdvisorFrame, encodeFrame } from "~/domain/advisor/messages";
import { getOptionalUser } from "~/platform/auth/index.server";
import { getLocaleState } from "~/platform/i18n/index.server";
import { contentLanguage } from "~/domain/training/index.server";
import { apiError, fieldErrors, readFormFields, readJsonBody } from "~/platform/lib/api.server";
import { getLogger } from "~/platform/lib/logger.server";
import { requestInfoContext } from "~/platform/lib/request-context";
import type { Route } from "./+types/api.advisor";

// The ESG Advisor. POST /api/advisor {question, history?} (JSON) answers as a stream of frames (one
// JSON object per line): start, the text piece by piece, then the sources and done. GET answers
// whether the visitor is signed in and, if so, their conversation; a form post `intent=delete`
// removes it (the server answers GET and POST only, decision 006).

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  return Response.json(
    { signedIn: user !== null, messages: user ? await loadConversation(user.id) : [] },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getOptionalUser(request);
  if (request.method !== "POST") {
    return apiError(405, "method_not_allowed", { headers: { Allow: "GET, POST" } });
  }
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get("Content-Type") ?? "")) {
    const { intent } = await readFormFields(request);
    if (intent !== "delete") {
      return apiError(400, "validation", { fields: { intent: ["Unknown intent."] } });
    }
    if (!user) return apiError(403, "forbidden");
    return Response.json({ deleted: await deleteConversation(user.id) }, { headers: NO_STORE });
  }
  const parsed = AskSchema.safeParse(await readJsonBody(request, ADVISOR_BODY_BYTES));
  if (!parsed.success) {
    return apiError(400, "validation", { fields: fieldErrors(parsed.error.issues) });
  }
  const verdict = await limitQuestions(
    user ? { userId: user.id } : { ip: context.get(requestInfoContext).clientIp },
  );
  if (!verdict.allowed) {
    return apiError(429, "rate_limited", {
      headers: { "Retry-After": String(verdict.retryAfterSeconds) },
    });
  }

  const { locale } = await getLocaleState(request);
  const { question } = parsed.data;
  const history = user
    ? (await loadConversation(user.id)).map(({ sender, text }) => ({ sender, text }))
    : parsed.data.history;
  const questionId = newMessageId();
  const answerId = newMessageId();
  if (user) {
    await saveMessage(user.id, {
      id: questionId,
      sender: "user",
      text: question,
      kb: false,
      sources: [],
    });
  }

  // A client that goes away stops the answer, and with it any request to the model.
  const abort = new AbortController();
  request.signal.addEventListener("abort", () => abort.abort(), { once: true });
  const pieces = answerQuestion({
    question,
    locale,
    language: contentLanguage(locale),
    history,
    signal: abort.signal,
    llm: llmSettings(),
  });
  const encoder = new TextEncoder();
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const send = (frame: AdvisorFrame) => controller.enqueue(encoder.encode(encodeFrame(frame)));
      if (!started) {
        started = true;
        send({ type: "start", id: answerId, questionId });
        return;
      }
      try {
        const next = await pieces.next();
        if (next.done || abort.signal.aborted) {
          controller.close();
          return;
        }
        const piece = next.value;
        if (piece.type !== "end") {
          send(piece);
          return;
        }
        send({ type: "sources", sources: piece.sources });
        if (user) {
          await saveMessage(user.id, {
            id: answerId,
            sender: "bot",
            text: piece.text,
            kb: piece.kb,
            sources: piece.sources,
            notes: piece.notes,
          });
        }
        send({ type: "done", kb: piece.kb, notes: piece.notes });
        controller.close();
      } catch (error) {
        getLogger().error({ err: error }, "advisor answer failed");
        send({ type: "error", code: "server_error" });
        controller.close();
      }
    },
    cancel() {
      abort.abort();
      void pieces.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      // Sent as it is written: no compression buffering it, no proxy holding it back.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
