import { type Color, PDFDocument, type PDFPage, rgb } from "pdf-lib";
import { DocumentFonts, type FontWeight } from "~/platform/lib/pdf-fonts.server";
import { drawQrCode } from "~/platform/lib/pdf-qr.server";
import { Shaper } from "~/platform/lib/pdf-text.server";
import { type StoredEvidence, kitOf } from "./chain.server";
import {
  type Citation,
  type ContentPart,
  type GradingSummary,
  type PlainValue,
  type ScenarioSnapshot,
  contentParts,
  learnerOf,
  plainValues,
  plainWords,
} from "./kit-files";
import { KIT_ATTACHMENT, attachKit } from "./pdf-embed.server";
import type { EvidenceKit } from "./record.server";

// An evidence record as an A4 document an examiner can read without our software: a cover with
// the record's identity, its place in the chain and a QR code to the verifier, then one section
// per export-kit item. The kit's JSON rides along as an attachment, so the printout and the
// checkable record are one file.

const page = { width: 595.28, height: 841.89 };
const margin = 48;
const bottom = margin + 22;
const contentWidth = page.width - 2 * margin;
const labelWidth = 128;
const qrSize = 104;

const ink = rgb(0.09, 0.15, 0.27);
const muted = rgb(0.38, 0.42, 0.48);
const rule = rgb(0.8, 0.83, 0.87);
const met = rgb(0.08, 0.45, 0.24);
const missed = rgb(0.7, 0.12, 0.12);

const sizes = {
  title: 20,
  subtitle: 13,
  evidenceId: 26,
  heading: 13,
  subheading: 10,
  body: 9,
  footer: 7,
} as const;
const lineGap = 1.35;

/** What a section says, before it is laid out on pages. */
type Block =
  | { kind: "subheading"; text: string }
  | { kind: "fact"; label: string; value: string }
  | { kind: "text"; text: string; color?: Color; weight?: FontWeight }
  | { kind: "bullet"; text: string };

interface Section {
  heading: string;
  blocks: Block[];
}

const kindNames: Partial<Record<string, string>> = {
  "aml-attempt": "AML attempt",
  "aml-attestation": "AML attestation",
  "aml-review": "AML review by a person",
  purge: "Retention purge",
};
const kindName = (kind: string) => kindNames[kind] ?? plainWords(kind);

const numbers = new Intl.NumberFormat("en", { maximumFractionDigits: 2 });
const yesNo = (value: boolean) => (value ? "yes" : "no");
const plain = (value: PlainValue) =>
  value === null ? "none" : typeof value === "boolean" ? yesNo(value) : String(value);
const moment = (iso: string) => iso.replace("T", " ").replace(/(\.\d+)?Z$/, " UTC");

function scenarioBlocks(scenario: ScenarioSnapshot): Block[] {
  const { customerProfile: customer, activity } = scenario;
  return [
    { kind: "fact", label: "Title", value: scenario.title },
    { kind: "fact", label: "Scenario", value: `${scenario.id}, version ${scenario.version}` },
    { kind: "fact", label: "Learner's role", value: scenario.role },
    { kind: "text", text: scenario.summary },
    { kind: "subheading", text: "Customer profile" },
    { kind: "fact", label: "Type", value: customer.type },
    { kind: "fact", label: "Politically exposed", value: yesNo(customer.pep) },
    { kind: "fact", label: "Segment", value: customer.segment },
    { kind: "fact", label: "Details", value: customer.details },
    { kind: "subheading", text: "Activity" },
    {
      kind: "fact",
      label: "Amount",
      value: `${activity.currency} ${numbers.format(activity.amount)}`,
    },
    { kind: "fact", label: "Pattern", value: activity.pattern },
    { kind: "fact", label: "Details", value: activity.details },
    { kind: "subheading", text: "Red flags" },
    ...scenario.redFlags.map((flag): Block => ({ kind: "bullet", text: flag })),
  ];
}

function gradingBlocks(grading: GradingSummary): Block[] {
  const blocks: Block[] = [
    { kind: "fact", label: "Score", value: `${numbers.format(grading.percent)}%` },
    { kind: "fact", label: "Band", value: grading.band },
  ];
  if (grading.player) {
    const { findings, passed } = grading.player;
    blocks.push({
      kind: "fact",
      label: "Scenario player",
      value: `${findings} ${findings === 1 ? "finding" : "findings"}, ${passed ? "passed" : "not passed"}`,
    });
  }
  for (const criterion of grading.criteria) {
    blocks.push(
      { kind: "subheading", text: criterion.label },
      {
        kind: "text",
        text: [
          criterion.passed ? "Met" : "Missed",
          `${numbers.format(criterion.earned)} of ${numbers.format(criterion.maxScore)} points`,
          `weight ${numbers.format(criterion.weight * 100)}%`,
        ].join(" · "),
        color: criterion.passed ? met : missed,
        weight: "bold",
      },
      ...criterion.explanation.map((line): Block => ({ kind: "bullet", text: line })),
    );
  }
  if (grading.penalties.length > 0) {
    blocks.push(
      { kind: "subheading", text: "Penalties" },
      ...grading.penalties.map((penalty): Block => ({
        kind: "bullet",
        text: `${penalty.description} (score × ${numbers.format(penalty.multiplier)})`,
      })),
    );
  }
  if (grading.floor) {
    blocks.push(
      { kind: "subheading", text: "Floor" },
      {
        kind: "bullet",
        text: `${grading.floor.description} (${numbers.format(grading.floor.score * 100)}%)`,
      },
    );
  }
  return blocks;
}

function citationBlocks(citation: Citation): Block[] {
  const source = citation.secondary ? "secondary source" : "primary source";
  return [
    { kind: "subheading", text: citation.section },
    { kind: "text", text: `${citation.label} · ${source}`, color: muted },
    { kind: "text", text: citation.summary },
    { kind: "text", text: citation.url || "No address recorded", color: muted },
  ];
}

function plainBlocks(value: unknown): Block[] {
  return plainValues(value).map(({ path, value: leaf }): Block => ({
    kind: "fact",
    label: path.map(plainWords).join(" › "),
    value: plain(leaf),
  }));
}

function section(part: ContentPart): Section {
  switch (part.item) {
    case "scenarioSnapshot":
      return { heading: "Scenario snapshot", blocks: scenarioBlocks(part.value) };
    case "learnerActions":
      return {
        heading: "Learner actions",
        blocks: part.value.flatMap(({ action, value }, index): Block[] => [
          { kind: "subheading", text: `${index + 1}. ${action}` },
          { kind: "text", text: value || "(nothing entered)" },
        ]),
      };
    case "gradingSummary":
      return { heading: "Grading summary", blocks: gradingBlocks(part.value) };
    case "artifacts":
      return {
        heading: "Artefacts",
        blocks: part.value.map(({ name, reviewedInTraining, openedInTraining }): Block => ({
          kind: "bullet",
          text: reviewedInTraining
            ? `${name} (reviewed in training)`
            : openedInTraining === false
              ? `${name} (named in the case; not opened in training)`
              : name,
        })),
      };
    case "attestation": {
      const { statement, confirmed, at } = part.value;
      const confirmation = confirmed
        ? `Yes${at ? `, on ${moment(at)}` : ""}`
        : "Not in this record: a confirmation is a record of its own";
      return {
        heading: "Attestation",
        blocks: [
          { kind: "text", text: `“${statement}”`, weight: "bold" },
          { kind: "fact", label: "Confirmed by the learner", value: confirmation },
        ],
      };
    }
    case "complianceMapping":
      return { heading: "Compliance mapping", blocks: part.value.flatMap(citationBlocks) };
    case "retention": {
      const { recordRetentionYears, productionDays, retainUntil, basis, basisUrl } = part.value;
      return {
        heading: "Retention",
        blocks: [
          { kind: "fact", label: "Kept for", value: `${recordRetentionYears} years` },
          { kind: "fact", label: "Kept until", value: retainUntil },
          ...(productionDays
            ? [
                {
                  kind: "fact" as const,
                  label: "Produced on request",
                  value: `within ${productionDays} days`,
                },
              ]
            : []),
          ...(basis ? [{ kind: "fact" as const, label: "Basis", value: basis }] : []),
          ...(basisUrl ? [{ kind: "fact" as const, label: "Source", value: basisUrl }] : []),
        ],
      };
    }
    case null:
      return { heading: plainWords(part.key), blocks: plainBlocks(part.value) };
  }
}

// Who and what the record is about, and its plain values, are read on the cover; the rest are
// sections of their own.
const coverKeys = new Set(["attempt", "learner", "pack"]);
const isPlain = (value: unknown) => value === null || typeof value !== "object";

/** Lays blocks out down the page, starting a new page wherever the next line would not fit. */
class Pages {
  page: PDFPage;
  y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: DocumentFonts,
    private readonly shaper: Shaper,
  ) {
    this.page = this.newPage();
  }

  newPage(): PDFPage {
    this.page = this.doc.addPage([page.width, page.height]);
    this.y = page.height - margin;
    return this.page;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  room(height: number): void {
    if (this.y - height < bottom) this.newPage();
  }

  async draw(
    text: string,
    at: { x: number; y: number; size: number; weight?: FontWeight; color?: Color },
  ): Promise<void> {
    this.fonts.draw(this.page, await this.shaper.shape(text, at.weight ?? "regular"), {
      x: at.x,
      y: at.y,
      size: at.size,
      color: at.color ?? ink,
    });
  }

  /** Wrapped lines from the cursor down, each paragraph of the text on lines of its own. */
  async lines(
    text: string,
    at: { x?: number; width?: number; size: number; weight?: FontWeight; color?: Color },
  ): Promise<void> {
    const x = at.x ?? margin;
    const weight = at.weight ?? "regular";
    const width = at.width ?? margin + contentWidth - x;
    for (const paragraph of paragraphs(text)) {
      for (const line of await this.shaper.wrap(paragraph, weight, at.size, width)) {
        this.room(at.size * lineGap);
        this.y -= at.size * lineGap;
        await this.draw(line, { ...at, x, y: this.y + at.size * (lineGap - 1), weight });
      }
    }
  }

  async fact(label: string, value: string): Promise<void> {
    const { body } = sizes;
    const labels = await this.shaper.wrap(label, "regular", body, labelWidth - 8);
    const values = paragraphs(value);
    const valueLines = (
      await Promise.all(
        values.map((paragraph) =>
          this.shaper.wrap(paragraph, "bold", body, contentWidth - labelWidth),
        ),
      )
    ).flat();
    for (let index = 0; index < Math.max(labels.length, valueLines.length); index++) {
      this.room(body * lineGap);
      this.y -= body * lineGap;
      const y = this.y + body * (lineGap - 1);
      const labelLine = labels[index];
      const valueLine = valueLines[index];
      if (labelLine) await this.draw(labelLine, { x: margin, y, size: body, color: muted });
      if (valueLine) {
        await this.draw(valueLine, { x: margin + labelWidth, y, size: body, weight: "bold" });
      }
    }
  }

  async block(block: Block): Promise<void> {
    const { body, subheading } = sizes;
    switch (block.kind) {
      case "subheading":
        this.room(subheading * lineGap + 6 + 2 * body * lineGap);
        this.y -= 6;
        return this.lines(block.text, { size: subheading, weight: "bold" });
      case "fact":
        return this.fact(block.label, block.value);
      case "text":
        return this.lines(block.text, { size: body, weight: block.weight, color: block.color });
      case "bullet": {
        this.room(body * lineGap);
        // On the baseline of the text's first line.
        await this.draw("•", { x: margin + 4, y: this.y - body, size: body });
        return this.lines(block.text, { x: margin + 14, size: body });
      }
    }
  }

  /** A rule, the document's name and "page N of M" at the foot of every page. */
  async footers(name: string): Promise<void> {
    const all = this.doc.getPages();
    const y = margin - 4;
    for (const [index, each] of all.entries()) {
      this.page = each;
      each.drawLine({
        start: { x: margin, y: margin + 8 },
        end: { x: page.width - margin, y: margin + 8 },
        thickness: 0.5,
        color: rule,
      });
      await this.draw(name, { x: margin, y, size: sizes.footer, color: muted });
      const label = `page ${index + 1} of ${all.length}`;
      const width = await this.shaper.width(label, "regular", sizes.footer);
      await this.draw(label, {
        x: page.width - margin - width,
        y,
        size: sizes.footer,
        color: muted,
      });
    }
  }

  async section({ heading, blocks }: Section): Promise<void> {
    this.room(sizes.heading * lineGap + 14 + 3 * sizes.body * lineGap);
    this.y -= 14;
    await this.lines(heading, { size: sizes.heading, weight: "bold" });
    this.y -= 4;
    this.page.drawLine({
      start: { x: margin, y: this.y },
      end: { x: margin + contentWidth, y: this.y },
      thickness: 0.75,
      color: rule,
    });
    this.y -= 2;
    for (const block of blocks) await this.block(block);
  }
}

const paragraphs = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

async function drawCover(
  pages: Pages,
  record: StoredEvidence,
  title: string,
  { verifyUrl, organisationName }: PdfOptions,
): Promise<void> {
  const { payload } = record.envelope;
  const { content } = payload;
  await pages.lines("Evidence record", { size: sizes.title, weight: "bold" });
  await pages.lines(title, { size: sizes.subtitle, color: muted });
  pages.y -= 10;
  await pages.lines(record.evidenceId, { size: sizes.evidenceId, weight: "bold" });
  pages.y -= 8;

  const learner = learnerOf(content);
  const facts: [string, string][] = [
    ["Kind", kindName(record.kind)],
    ["Recorded", moment(payload.timestamp)],
    ...(learner ? [["Learner", learner] as [string, string]] : []),
    ["Jurisdiction", payload.jurisdiction?.toUpperCase() ?? "none"],
    ["Mode", payload.mode],
    ...(payload.packVersion ? [["Pack version", payload.packVersion] as [string, string]] : []),
  ];
  for (const [key, value] of Object.entries(content)) {
    if ((key === "learner" && learner) || !(coverKeys.has(key) || isPlain(value))) continue;
    for (const leaf of plainValues(value, [key])) {
      facts.push([plainWords(leaf.path.join("-")), plain(leaf.value)]);
    }
  }
  for (const [label, value] of facts) await pages.fact(label, value);

  await pages.block({ kind: "subheading", text: "Integrity" });
  await pages.fact("SHA-256", record.hash);
  await pages.fact("Signing key", record.keyId);
  await pages.fact("Signature", "Ed25519, over the record as the attached kit holds it");
  await pages.fact(
    "Organisation",
    organisationName
      ? `${organisationName} (${record.organisationId})`
      : String(record.organisationId),
  );
  await pages.fact("Sequence", String(record.sequence));
  await pages.fact("Previous hash", record.prevHash);

  pages.room(qrSize + 24);
  pages.y -= 18;
  const top = pages.y;
  drawQrCode(pages.page, verifyUrl, {
    x: margin,
    y: top - qrSize,
    size: qrSize,
    errorCorrection: "M",
  });
  const x = margin + qrSize + 16;
  const width = contentWidth - qrSize - 16;
  await pages.lines("Check this record", { x, width, size: sizes.subheading, weight: "bold" });
  await pages.lines("Scan the code, or open this address:", {
    x,
    width,
    size: sizes.body,
    color: muted,
  });
  await pages.lines(verifyUrl, { x, width, size: sizes.body });
  pages.y -= 4;
  await pages.lines(
    `Upload this PDF there: it is checked by its exact bytes, and the signed record is attached to it as ${KIT_ATTACHMENT}.`,
    { x, width, size: sizes.body, color: muted },
  );
  pages.y = Math.min(pages.y, top - qrSize);
}

export interface PdfOptions {
  verifyUrl: string;
  /** The kit to attach: the record's own, with its unseal keys (opened.server.ts). */
  kit?: EvidenceKit;
  /** The organisation's name as it is now (the record signs its id). */
  organisationName?: string | null;
}

export async function evidencePdf(
  record: StoredEvidence,
  options: PdfOptions,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = new DocumentFonts(doc);
  const pages = new Pages(doc, fonts, new Shaper("en"));
  const parts = contentParts(record.envelope.payload.content);
  const scenario = parts.find((part) => part.item === "scenarioSnapshot");
  const title = scenario ? scenario.value.title : kindName(record.kind);

  await drawCover(pages, record, title, options);
  const sections = parts
    .filter((part) => part.item !== null || !(coverKeys.has(part.key) || isPlain(part.value)))
    .map(section);
  if (sections.length > 0) pages.newPage();
  for (const part of sections) await pages.section(part);

  await pages.footers(`Evidence record ${record.evidenceId}`);

  doc.setTitle(`Evidence record ${record.evidenceId}`, { showInWindowTitleBar: true });
  doc.setSubject(`${kindName(record.kind)}: ${title}`);
  doc.setAuthor("Kestrel");
  doc.setCreator("Kestrel");
  doc.setProducer("Kestrel");
  doc.setKeywords([record.evidenceId, record.hash]);
  doc.setLanguage("en");
  // The record's time, not the download's: the same record always makes the same bytes, so a
  // kit downloaded twice is one registered file.
  const recorded = new Date(record.envelope.payload.timestamp);
  doc.setCreationDate(recorded);
  doc.setModificationDate(recorded);
  await attachKit(doc, options.kit ?? kitOf(record));
  await fonts.write();
  return doc.save();
}
