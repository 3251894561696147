import { Link, href } from "react-router";
import { brand } from "~/platform/lib/brand";
import { ReusedHtml } from "~/platform/lib/reused-html";
import { LogoMark } from "./logo";
import { useTranslation } from "~/platform/i18n";
import { useAuth } from "~/platform/auth";

// The flags of the entitled regions (SPEC §3 tenant entitlements CA, SG, MY, VN, TH), drawn in
// public/flags/ (emoji flags are empty boxes on Linux and letter pairs on Windows).
const FLAGS = ["ca", "sg", "my", "th", "vn"] as const;

const REGIONS = ["canada", "singapore", "asean"] as const;

const linkClass =
  "focus-ring rounded text-sm text-slate-600 hover:text-brand-700 hover:underline dark:text-slate-300 dark:hover:text-brand-300";

export function Footer() {
  const { i18n } = useTranslation(["footer", "navigation"]);
  const { user } = useAuth();
  const year = new Date().getFullYear();
  const signedIn = user !== null;
  return (
    <ReusedHtml
      as="footer"
      reuse={{ scope: i18n, key: `${year}:${signedIn ? "in" : "out"}` }}
      className="mt-16 border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900"
    >
      <FooterContent year={year} signedIn={signedIn} />
    </ReusedHtml>
  );
}

/** What the footer shows; on the server, rendered only when its HTML is not kept (docs/decisions/030). */
function FooterContent({ year, signedIn }: { year: number; signedIn: boolean }) {
  const { t } = useTranslation(["footer", "navigation"]);
  return (
    <>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="md:col-span-2">
          <div className="flex items-center gap-2">
            <LogoMark className="size-7" />
            <span className="font-bold">{brand.fullName}</span>
          </div>
          <p className="mt-3 max-w-prose text-sm text-slate-600 dark:text-slate-300">
            {t("description")}
          </p>
          <ul aria-label={t("flagsLabel")} className="mt-4 flex gap-2">
            {FLAGS.map((code) => (
              <li key={code}>
                <img
                  src={`/flags/${code}.svg`}
                  alt={t(`flags.${code}`)}
                  width={30}
                  height={20}
                  className="rounded-sm ring-1 ring-slate-300 dark:ring-slate-600"
                />
              </li>
            ))}
          </ul>
        </div>
        <nav aria-labelledby="footer-regions">
          <h2 id="footer-regions" className="text-sm font-semibold">
            {t("regionsHeading")}
          </h2>
          <ul className="mt-3 space-y-2">
            {REGIONS.map((region) => (
              <li key={region}>
                <Link to={`${brand.homePath}#${region}`} className={linkClass}>
                  {t(`regions.${region}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="text-sm font-semibold">
            {t("legalHeading")}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to={href("/terms")} className={linkClass}>
                {t("terms")}
              </Link>
            </li>
            <li>
              <Link to={href("/privacy")} className={linkClass}>
                {t("privacy")}
              </Link>
            </li>
            <li>
              <Link to={href("/contact")} className={linkClass}>
                {t("support")}
              </Link>
            </li>
            {/* Signed in, there is nothing to log in to. */}
            {!signedIn && (
              <li>
                <Link to={href("/login")} className={linkClass}>
                  {t("navigation:login")}
                </Link>
              </li>
            )}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto max-w-7xl space-y-2 px-4 py-6 text-xs text-slate-600 sm:px-6 dark:text-slate-400">
          <p>
            <strong className="font-semibold">{t("notice")}</strong> {t("pilot")}
          </p>
          <p>{t("copyright", { year, company: brand.company })}</p>
          <p>{t("operator", { company: brand.company, city: brand.companyCity })}</p>
        </div>
      </div>
    </>
  );
}
