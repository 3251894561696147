import {
  CONTACT_MESSAGE_COLUMNS,
  type ContactMessageRow,
  DEMO_REQUEST_COLUMNS,
  type DemoRequestRow,
  listAllContactMessages,
  listAllDemoRequests,
  listContactMessages,
  listDemoRequests,
} from "~/domain/contact/index.server";
import {
  CERTIFICATE_COLUMNS,
  type CertificateRow,
  listAllCertificates,
  listCertificates,
} from "~/domain/certificates/index.server";
import {
  OUTBOX_COLUMNS,
  type OutboxRow,
  listAllOutbox,
  listOutbox as listOutboxPage,
} from "~/platform/mail/index.server";
import {
  WAITLIST_ENTRY_COLUMNS,
  type WaitlistEntryRow,
  listAllWaitlistEntries,
  listWaitlistEntries,
} from "~/domain/waitlist/index.server";
import type { ListPage, PageRequest } from "~/platform/lib/listing.server";
import { ADMIN_PAGE_SIZE } from "./constants";
import type { AdminDataset, SubmissionDataset } from "./datasets";
import type { AdminListQuery, AdminPage } from "./list-query";

export type { CertificateRow, ContactMessageRow, DemoRequestRow, OutboxRow, WaitlistEntryRow };

export interface AdminRows {
  waitlist: WaitlistEntryRow;
  contact: ContactMessageRow;
  demo: DemoRequestRow;
  outbox: OutboxRow;
  certificates: CertificateRow;
}

/** How admin reaches a dataset: through the functions of the feature that owns its table. */
interface Dataset<Row> {
  /** The columns each list shows and each CSV carries, in this order. */
  columns: readonly (keyof Row & string)[];
  page(request: PageRequest): Promise<ListPage<Row>>;
  all(request: Pick<PageRequest, "q">): Promise<Row[]>;
}

const DATASETS: { [D in AdminDataset]: Dataset<AdminRows[D]> } = {
  waitlist: {
    columns: WAITLIST_ENTRY_COLUMNS,
    page: listWaitlistEntries,
    all: listAllWaitlistEntries,
  },
  contact: {
    columns: CONTACT_MESSAGE_COLUMNS,
    page: listContactMessages,
    all: listAllContactMessages,
  },
  demo: { columns: DEMO_REQUEST_COLUMNS, page: listDemoRequests, all: listAllDemoRequests },
  outbox: { columns: OUTBOX_COLUMNS, page: listOutboxPage, all: listAllOutbox },
  certificates: {
    columns: CERTIFICATE_COLUMNS,
    page: listCertificates,
    all: listAllCertificates,
  },
};

export function datasetColumns(dataset: AdminDataset): readonly string[] {
  return DATASETS[dataset].columns;
}

/** One page of a dataset, newest first; a page out of range lands on the nearest one. */
export async function listDataset<D extends AdminDataset>(
  dataset: D,
  { q, page }: AdminListQuery,
): Promise<AdminPage<AdminRows[D]>> {
  const found = await DATASETS[dataset].page({ q, page, pageSize: ADMIN_PAGE_SIZE });
  return { ...found, q };
}

/** A page of waitlist entries, contact messages or demo requests, newest first. */
export function listSubmissions<D extends SubmissionDataset>(
  dataset: D,
  query: AdminListQuery,
): Promise<AdminPage<AdminRows[D]>> {
  return listDataset(dataset, query);
}

/** A page of the outbox, newest first; the search matches recipient and subject. */
export function listOutbox(query: AdminListQuery): Promise<AdminPage<OutboxRow>> {
  return listDataset("outbox", query);
}

/** Every row of a dataset that matches a search (not only one page), newest first. */
export function rowsForExport<D extends AdminDataset>(
  dataset: D,
  { q }: Pick<AdminListQuery, "q">,
): Promise<AdminRows[D][]> {
  return DATASETS[dataset].all({ q });
}
