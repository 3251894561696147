import { requireUser } from "~/platform/auth/index.server";
import { exportFile } from "~/domain/skills/index.server";
import { apiError } from "~/platform/lib/api.server";
import type { Route } from "./+types/app.skills-export";

// GET /app/skills/export/{run|draft}/{id}: a generated draft as a self-contained HTML file (Export
// HTML), its content sanitised, no script; only its owner can fetch it.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = Number(params.id);
  if ((params.kind !== "run" && params.kind !== "draft") || !Number.isSafeInteger(id) || id < 1) {
    return apiError(404, "not_found");
  }
  const file = await exportFile(user.id, params.kind, id);
  if (!file) return apiError(404, "not_found");
  return new Response(file.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.name}"`,
      "Cache-Control": "private, no-store",
      // Opened from here rather than saved, it still runs nothing.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
