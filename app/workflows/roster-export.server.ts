import { requireUser } from "~/platform/auth/index.server";
import { requireManager, rosterCsv, rosterDocument } from "~/domain/compliance/index.server";
import { rosterFilters } from "~/domain/compliance/forms";
import { renderReportPdf } from "~/domain/reports/index.server";
import { getI18n, loadDictionaries } from "~/platform/i18n";
import { getLocaleState } from "~/platform/i18n/index.server";
import { getEnv } from "~/platform/lib/env.server";
import { getLogger } from "~/platform/lib/logger.server";

// GET /training/roster.csv and /training/roster.pdf?status=…&group=…&sort=…&dir=…: the rows the
// roster page would show for those filters, every page of them, for the manager's own
// organisation. The PDF is in the manager's language, printed by the reports' renderer with their
// fonts, so a name prints in whatever script it is written in.

async function rosterFile(request: Request, format: "csv" | "pdf") {
  const user = await requireUser(request);
  const { organisation } = await requireManager(user, request);
  const filters = rosterFilters(new URL(request.url).searchParams);
  if (format === "csv") {
    const { filename, csv, rows } = await rosterCsv(organisation, filters, getEnv().APP_URL);
    return { user, organisation, filename, rows, body: csv, type: "text/csv; charset=utf-8" };
  }
  const { locale } = await getLocaleState(request);
  await loadDictionaries(locale);
  const t = getI18n(locale).getFixedT(null, "roster");
  const { filename, ...document } = await rosterDocument(organisation, filters, t);
  const bytes = await renderReportPdf({
    ...document,
    language: locale,
    pageLabel: (page, pages) => t("pages.of", { page, pages }),
    author: organisation.name,
  });
  const rows = document.tables[0]?.rows.length ?? 0;
  return { user, organisation, filename, rows, body: Buffer.from(bytes), type: "application/pdf" };
}

export async function exportRoster(request: Request, format: "csv" | "pdf"): Promise<Response> {
  const { user, organisation, filename, rows, body, type } = await rosterFile(request, format);
  // Exports carry personal data out of Kestrel: who took what is kept in the log.
  getLogger().info(
    { event: "roster.export", format, organisationId: organisation.id, rows, userId: user.id },
    "a manager exported the roster",
  );
  return new Response(body, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
