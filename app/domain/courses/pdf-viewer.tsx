import * as Dialog from "@radix-ui/react-dialog";
import { ChevronLeft, ChevronRight, Download, ExternalLink, X } from "lucide-react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/platform/i18n";
import type { DeckView } from "./course-page";
import "~/platform/ui/dialog-nonce";

// The deck viewer (SPEC §2 "Media components", §5, §8), loaded with pdf.js only when a visitor
// opens a deck. pdf.js fetches by ranges, so a page shown costs its bytes, not the whole deck.

/** SPEC §9: the preview's width, narrower on a narrower screen. */
const PREVIEW_WIDTH = 800;

let ignoringEarlyResponseErrors = false;

/**
 * A deck answered with an error status fails `getDocument`'s promise, which `usePdf` handles. When
 * the answer comes before pdf.js's worker has asked for it, pdf.js also rejects its reader's
 * internal promise with no handler yet attached (one is attached when the worker asks), and the
 * browser reports that as an uncaught error. Those reports, and only those, are silenced.
 */
function ignoreEarlyResponseErrors(responseException: abstract new (...args: never[]) => object) {
  if (ignoringEarlyResponseErrors) return;
  ignoringEarlyResponseErrors = true;
  window.addEventListener("unhandledrejection", (event) => {
    if (event.reason instanceof responseException) event.preventDefault();
  });
}

async function openPdf(url: string): Promise<PDFDocumentProxy> {
  const [pdfjs, worker] = await Promise.all([
    import("pdfjs-dist"),
    import("pdfjs-dist/build/pdf.worker.min.mjs?url"),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  ignoreEarlyResponseErrors(pdfjs.ResponseException);
  // No code generated from strings (our CSP refuses it), and pages fetched as they are shown.
  return pdfjs.getDocument({
    url,
    isEvalSupported: false,
    disableAutoFetch: true,
    disableStream: true,
  }).promise;
}

function PdfPage({ pdf, page, width }: { pdf: PDFDocumentProxy; page: number; width: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { t } = useTranslation("esgCourse");
  useEffect(() => {
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | undefined;
    pdf
      .getPage(page)
      .then((pdfPage) => {
        const element = canvas.current;
        if (cancelled || !element) return;
        const base = pdfPage.getViewport({ scale: 1 });
        const ratio = window.devicePixelRatio || 1;
        const viewport = pdfPage.getViewport({ scale: (width / base.width) * ratio });
        element.width = Math.floor(viewport.width);
        element.height = Math.floor(viewport.height);
        element.style.width = `${Math.floor(viewport.width / ratio)}px`;
        task = pdfPage.render({ canvas: element, viewport });
        return task.promise;
      })
      // Closing the viewer destroys the document under a page still loading or drawing: that
      // is no failure. Anything else is logged (SPEC §8 shows the failure to open, not this).
      .catch((error: unknown) => {
        if (!cancelled) console.warn(`Page ${page} could not be drawn.`, error);
      });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, page, width]);
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={t("pdf.page", { page, pages: pdf.numPages })}
      className="mx-auto max-w-full rounded border border-slate-200 bg-white shadow-sm dark:border-slate-700"
      data-page={page}
    />
  );
}

function usePdf(url: string) {
  const [state, setState] = useState<{ pdf?: PDFDocumentProxy; failed?: boolean }>({});
  useEffect(() => {
    let cancelled = false;
    let opened: PDFDocumentProxy | undefined;
    openPdf(url).then(
      (pdf) => {
        opened = pdf;
        if (!cancelled) setState({ pdf });
      },
      (error: unknown) => {
        console.warn(`The deck could not be loaded: ${url}`, error);
        if (!cancelled) setState({ failed: true });
      },
    );
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [url]);
  return state;
}

function useWidth(max: number) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(max);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.min(max, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [max]);
  return { box, width };
}

/** The first pages of a deck, one under the other, at most 800 px wide. */
export function PdfPreview({ deck }: { deck: DeckView }) {
  const { t } = useTranslation("esgCourse");
  const { pdf, failed } = usePdf(deck.previewUrl);
  const { box, width } = useWidth(PREVIEW_WIDTH);
  return (
    <div ref={box} className="mt-3 space-y-3" aria-busy={!pdf && !failed}>
      {failed ? (
        <p
          role="alert"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {t("pdf.previewUnavailable")}{" "}
          <a
            href={deck.previewUrl}
            target="_blank"
            rel="noreferrer"
            className="focus-ring font-semibold underline"
          >
            {t("pdf.openInTab")}
          </a>
        </p>
      ) : pdf ? (
        Array.from({ length: Math.min(pdf.numPages, deck.previewPages) }, (_, index) => (
          <PdfPage key={index} pdf={pdf} page={index + 1} width={width} />
        ))
      ) : (
        <p role="status">{t("pdf.loading")}</p>
      )}
    </div>
  );
}

/** The full-screen viewer: previous and next page, the page number, arrow keys, download. */
export function PdfViewerDialog({
  deck,
  open,
  onOpenChange,
  signedIn,
  canDownload,
  signInUrl,
}: {
  deck: DeckView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  signedIn: boolean;
  canDownload: boolean;
  signInUrl: string;
}) {
  const { t } = useTranslation("esgCourse");
  // A signed-out visitor is given the preview file: the server serves the full deck to learners only.
  const url = signedIn ? deck.fullUrl : deck.previewUrl;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/80" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-2 z-50 flex flex-col overflow-hidden rounded-xl bg-white p-4 shadow-xl sm:inset-6 dark:bg-slate-900"
        >
          <div className="flex items-center gap-3">
            <Dialog.Title lang={deck.lang} className="text-lg font-bold">
              {deck.title}
            </Dialog.Title>
            <Dialog.Close className="focus-ring ml-auto rounded p-1" aria-label={t("pdf.close")}>
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {open && (
            <ViewerBody
              deck={deck}
              url={url}
              signedIn={signedIn}
              canDownload={canDownload}
              signInUrl={signInUrl}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ViewerBody({
  deck,
  url,
  signedIn,
  canDownload,
  signInUrl,
}: {
  deck: DeckView;
  url: string;
  signedIn: boolean;
  canDownload: boolean;
  signInUrl: string;
}) {
  const { t } = useTranslation("esgCourse");
  const { pdf, failed } = usePdf(url);
  const [page, setPage] = useState(1);
  const { box, width } = useWidth(1400);
  const pages = pdf ? pdf.numPages : signedIn ? deck.pages : deck.previewPages;
  const go = (to: number) => setPage(Math.min(Math.max(1, to), pages));
  const downloadUrl = `${deck.fullUrl}?download`;

  // The viewer is modal: arrow keys, Page Up/Down, Home and End page through the deck wherever
  // focus is in it, as in any reader.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const to = {
        ArrowRight: page + 1,
        PageDown: page + 1,
        ArrowLeft: page - 1,
        PageUp: page - 1,
        Home: 1,
        End: pages,
      }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      setPage(Math.min(Math.max(1, to), pages));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [page, pages]);

  if (failed) {
    return (
      <div role="alert" className="mt-6 space-y-3">
        <p className="font-semibold">{t("pdf.unableToLoad")}</p>
        <p className="flex flex-wrap gap-4">
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="focus-ring inline-flex items-center gap-1 underline"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {t("pdf.openInNewTab")}
          </a>
          {canDownload && (
            <a href={downloadUrl} className="focus-ring inline-flex items-center gap-1 underline">
              <Download aria-hidden="true" className="size-4" />
              {t("pdf.downloadInstead")}
            </a>
          )}
        </p>
      </div>
    );
  }
  return (
    <div className="mt-3 flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="focus-ring inline-flex items-center gap-1 rounded border px-3 py-1 disabled:opacity-50"
          onClick={() => go(page - 1)}
          disabled={page <= 1}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t("pdf.previous")}
        </button>
        <span aria-live="polite" className="tabular-nums" data-testid="pdf-page">
          {t("pdf.page", { page, pages })}
        </span>
        <button
          type="button"
          className="focus-ring inline-flex items-center gap-1 rounded border px-3 py-1 disabled:opacity-50"
          onClick={() => go(page + 1)}
          disabled={page >= pages}
        >
          {t("pdf.next")}
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
        {canDownload ? (
          <a
            href={downloadUrl}
            className="focus-ring ml-auto inline-flex items-center gap-1 rounded bg-brand-700 px-3 py-1 font-semibold text-white"
          >
            <Download aria-hidden="true" className="size-4" />
            {t("pdf.download")}
          </a>
        ) : (
          <span className="ml-auto text-sm text-slate-600 dark:text-slate-400">
            {signedIn ? t("pdf.downloadNeedsCompletion") : null}
          </span>
        )}
      </div>
      {!signedIn && page >= deck.previewPages && (
        <p className="mt-2 rounded bg-brand-50 p-2 text-sm dark:bg-slate-800">
          {t("pdf.limit", { count: deck.previewPages, pages: deck.pages })}{" "}
          <Link to={signInUrl} className="focus-ring font-semibold underline">
            {t("pdf.signIn")}
          </Link>
        </p>
      )}
      <div
        ref={box}
        className="focus-ring mt-3 min-h-0 flex-1 overflow-auto"
        aria-busy={!pdf}
        // A scrolling region is reached by keyboard (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label={deck.title}
      >
        {pdf ? (
          <PdfPage pdf={pdf} page={page} width={width} />
        ) : (
          <p role="status">{t("pdf.loading")}</p>
        )}
      </div>
    </div>
  );
}
