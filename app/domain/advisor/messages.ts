// What the advisor's server and its chat widget share: limits, the shape of a message, and the
// frames an answer streams in (one JSON object per line, application/x-ndjson).

export const ADVISOR_LIMITS = {
  /** SPEC §5 and the issue: a question is at most 1,000 characters. */
  questionChars: 1000,
  /** Answers are capped: a written answer longer than this is cut and marked so. */
  answerChars: 2400,
  /** Conversation memory: the last six turns (a question or an answer each) go to the model. */
  historyTurns: 6,
  signedOutPerHour: 10,
  signedInPerDay: 100,
  keepDays: 30,
} as const;

export interface AdvisorCitation {
  section: string;
  url: string;
}

/** A passage an answer quotes; `n` is the marker `[n]` its sentences carry. */
export interface AdvisorSource {
  n: number;
  id: string;
  title: string;
  citations: AdvisorCitation[];
}

/** Why an answer reads as it does, shown under it. */
export type AdvisorNote =
  "refused" | "declined" | "fallback" | "translated" | "cut" | "unsupported";

/** SPEC §3 "Chat": {sender, text, timestamp, id, kb, citations}. */
export interface ChatMessage {
  id: string;
  sender: "user" | "bot";
  text: string;
  timestamp: string;
  /** Whether the answer came from the knowledge base. */
  kb: boolean;
  citations: AdvisorSource[];
  notes?: AdvisorNote[];
}

export type AdvisorFrame =
  | { type: "start"; id: string; questionId: string }
  | { type: "text"; text: string }
  /** The text so far is withdrawn (a written answer failed its checks); what follows replaces it. */
  | { type: "reset" }
  | { type: "sources"; sources: AdvisorSource[] }
  | { type: "done"; kb: boolean; notes: AdvisorNote[] }
  | { type: "error"; code: "server_error" };

export function encodeFrame(frame: AdvisorFrame): string {
  return `${JSON.stringify(frame)}\n`;
}

/** Reads frames from a stream's text as it arrives, whatever the chunks' boundaries. */
export function frameReader(): (chunk: string) => AdvisorFrame[] {
  let pending = "";
  return (chunk) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    return lines.flatMap((line) => {
      if (!line.trim()) return [];
      try {
        return [JSON.parse(line) as AdvisorFrame];
      } catch {
        return [];
      }
    });
  };
}
