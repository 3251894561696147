import { serveDeckFile } from "~/domain/courses/index.server";
import type { Route } from "./+types/docs.module-file";

// GET /docs/modules/<course>/<file>: a course deck, full or preview (SPEC §7).
export function loader({ request, params }: Route.LoaderArgs) {
  return serveDeckFile(request, params.courseId, params.file);
}
