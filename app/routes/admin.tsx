import { NavLink, Outlet, href } from "react-router";
import { requireAdmin } from "~/platform/auth/index.server";
import { addEnglishNamespaces, useTranslation } from "~/platform/i18n";
import admin from "../../locales/en/admin.json";
import type { Route } from "./+types/admin";

addEnglishNamespaces({ admin });

// The admin area's frame: its sections and who is signed in. It needs the admin role; each page
// also requires the session's second factor (but the page that sets it up), in its own loader,
// since React Router runs a page's loader alongside this one.
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request, { secondFactor: false });
  return { email: user.email };
}

const SECTIONS = [
  [href("/admin"), "overview"],
  [href("/admin/waitlist"), "waitlist"],
  [href("/admin/contact"), "contact"],
  [href("/admin/demo"), "demo"],
  [href("/admin/allowlist"), "allowlist"],
  [href("/admin/sso"), "sso"],
  [href("/admin/outbox"), "outbox"],
  [href("/admin/certificates"), "certificates"],
  [href("/admin/requirements"), "requirements"],
  [href("/admin/evidence"), "evidence"],
  [href("/admin/scim"), "scim"],
  [href("/admin/security"), "security"],
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight">{t("title")}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t("signedInAs", { email: loaderData.email })}
        </p>
      </div>
      <nav
        aria-label={t("nav.label")}
        className="mt-6 border-b border-slate-200 dark:border-slate-800"
      >
        <ul className="-mb-px flex flex-wrap gap-1">
          {SECTIONS.map(([to, key]) => (
            <li key={to}>
              <NavLink
                to={to}
                end
                className={({ isActive }) =>
                  `focus-ring inline-block rounded-t-lg border-b-2 px-3 py-2 text-sm font-medium ${
                    isActive
                      ? "border-brand-600 text-brand-700 dark:text-brand-100"
                      : "border-transparent text-slate-700 hover:border-slate-300 dark:text-slate-200"
                  }`
                }
              >
                {t(`nav.${key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8">
        <Outlet />
      </div>
    </div>
  );
}
