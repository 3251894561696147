import { Form } from "react-router";
import { adminPageMeta } from "~/domain/admin";
import { requireAdmin } from "~/platform/auth/index.server";
import { RequirementsManagement } from "~/domain/compliance/forms";
import {
  adminActor,
  chosenOrganisation,
  loadRequirementsPage,
  requirementAction,
} from "~/domain/compliance/index.server";
import { addEnglishNamespaces, useTranslation } from "~/platform/i18n";
import { readForm } from "~/platform/lib/api.server";
import { Button } from "~/platform/ui/button";
import { controlClass } from "~/platform/ui/field";
import admin from "../../locales/en/admin.json";
import requirements from "../../locales/en/requirements.json";
import validation from "../../locales/en/validation.json";
import type { Route } from "./+types/admin.requirements";

addEnglishNamespaces({ admin, requirements, validation });

// /admin/requirements: an organisation's requirements, settings, members' roles and due-date
// extensions. `?organisation=<id>` picks the organisation; every form posts back to that address.
export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, "admin:requirements.heading");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { organisations, organisation } = await chosenOrganisation(request);
  return {
    organisations: organisations.map(({ id, name }) => ({ id, name })),
    page: organisation ? await loadRequirementsPage(organisation) : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const { organisation } = await chosenOrganisation(request);
  if (!organisation) throw new Response("Not found", { status: 404 });
  return requirementAction(adminActor(user), organisation.id, await readForm(request));
}

export default function AdminRequirements({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["admin", "requirements"]);
  const { organisations, page } = loaderData;
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-bold">{t("requirements.heading")}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("requirements.intro")}</p>
      </div>
      {page === null ? (
        <p>{t("requirements.none")}</p>
      ) : (
        <>
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor="organisation" className="text-sm font-medium">
                {t("requirements.organisation")}
              </label>
              <select
                id="organisation"
                name="organisation"
                defaultValue={page.organisation.id}
                key={page.organisation.id}
                className={`${controlClass} w-auto`}
              >
                {organisations.map((organisation) => (
                  <option key={organisation.id} value={organisation.id}>
                    {organisation.name}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" variant="secondary">
              {t("requirements.show")}
            </Button>
          </Form>
          <div>
            <h2 className="text-xl font-bold" data-testid="organisation-name">
              {page.organisation.name}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t("requirements.regulator", {
                region: page.organisation.region,
                regulator: page.organisation.regulator,
                timeZone: page.organisation.timeZone,
                nextAudit: page.organisation.nextAudit,
              })}
            </p>
          </div>
          <RequirementsManagement page={page} reply={actionData} withRoles />
        </>
      )}
    </div>
  );
}
