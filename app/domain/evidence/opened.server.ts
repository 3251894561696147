import { type StoredEvidence, kitOf } from "./chain.server";
import { openPersonal } from "./personal.server";
import type { EvidenceKit } from "./record.server";

// A record as it is shown and handed out: its personal fields opened for the page, the PDF or the
// CSV, and its kit (the signed JSON, sealed as signed) carrying the keys of those fields, so the
// person holding the kit can open them offline (docs/decisions/039).

export interface OpenedRecord {
  /** The record with its content opened: for rendering only, never for checking. */
  view: StoredEvidence;
  /** The kit handed out: the signed record, with `unseal` keys when it has sealed fields. */
  kit: EvidenceKit;
  /** When the learner's personal data was erased, if it was. */
  erasedAt: string | null;
}

export async function openRecord(record: StoredEvidence): Promise<OpenedRecord> {
  const opened = await openPersonal(record.envelope.payload.content, record.userId);
  const view: StoredEvidence = {
    ...record,
    envelope: {
      ...record.envelope,
      payload: { ...record.envelope.payload, content: opened.content },
    },
  };
  const kit = kitOf(record);
  return {
    view,
    kit: opened.keys.length > 0 ? { ...kit, unseal: opened.keys } : kit,
    erasedAt: opened.erasedAt,
  };
}
