import type { ReactNode } from "react";
import { Award, FileCheck2, FileSearch, LayoutDashboard, UserRound } from "lucide-react";
import { Link, NavLink, href, useLocation } from "react-router";
import { useTranslation } from "~/platform/i18n";
import { ReusedHtml } from "~/platform/lib/reused-html";
import { buttonClasses } from "~/platform/ui/button";
import type { LearnerView } from "./types";

const LINKS = [
  { key: "dashboard", to: href("/training"), Icon: LayoutDashboard, end: true },
  { key: "certificates", to: href("/training/certificates"), Icon: Award, end: false },
  { key: "evidence", to: href("/training/evidence"), Icon: FileCheck2, end: false },
  { key: "leaseDemo", to: href("/training/lease-fraud-demo"), Icon: FileSearch, end: false },
] as const;

/** The link a path is under, as NavLink decides it (case-insensitive, a trailing slash ignored). */
function activeLink(pathname: string) {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  return LINKS.find(({ to, end }) => path === to || (!end && path.startsWith(`${to}/`)))?.key;
}

/** SPEC §2 training home header: Dashboard, Certificates, Lease Fraud Demo, and who is learning. */
export function TrainingHeader({ learner, bell }: { learner: LearnerView; bell?: ReactNode }) {
  const { t, i18n } = useTranslation(["training", "common"]);
  const { pathname, search } = useLocation();
  // The links' HTML depends only on the language and the link marked current (decision 030).
  const reuse = { scope: i18n, key: JSON.stringify([i18n.language, activeLink(pathname)]) };
  return (
    <div className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <ReusedHtml as="nav" reuse={reuse} aria-label={t("header.nav")}>
          <ul className="flex flex-wrap gap-1">
            {LINKS.map(({ key, to, Icon, end }) => (
              <li key={key}>
                <NavLink
                  to={to}
                  end={end}
                  className={({ isActive }) =>
                    `focus-ring inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${
                      isActive
                        ? "bg-white text-brand-700 shadow-sm dark:bg-slate-800 dark:text-brand-100"
                        : "text-slate-700 hover:bg-white dark:text-slate-200 dark:hover:bg-slate-800"
                    }`
                  }
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {t(`header.${key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </ReusedHtml>
        <div className="flex items-center gap-3 text-sm" data-testid="training-learner">
          {bell}
          <UserRound aria-hidden="true" className="size-5 text-slate-500" />
          {learner.guest ? (
            <>
              <span className="font-semibold">{t("learner.guest")}</span>
              <Link
                to={`${href("/login")}?${new URLSearchParams({ redirectTo: pathname + search })}`}
                className={buttonClasses("secondary", "py-1")}
              >
                {t("learner.signIn")}
              </Link>
            </>
          ) : (
            <span>
              <span className="font-semibold">{learner.name}</span>
              {learner.role && (
                <span className="text-slate-600 dark:text-slate-300">
                  {" · "}
                  {t(`common:pilot.roles.${learner.role}`, { defaultValue: learner.role })}
                </span>
              )}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
