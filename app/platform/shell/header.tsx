import { ExternalLink, LogOut, Menu, UserRound, X } from "lucide-react";
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { Form, Link, NavLink, href, useLocation, useNavigate } from "react-router";
import { useAuth } from "~/platform/auth";
import { brand } from "~/platform/lib/brand";
import { ReusedHtml } from "~/platform/lib/reused-html";
import { track } from "~/platform/analytics";
import { openWaitlist } from "~/platform/lib/waitlist-trigger";
import { Button, ButtonLink } from "~/platform/ui/button";
import { BackButton } from "./back-button";
import { LogoMark } from "./logo";
import { showsBackButton } from "./scroll";
import type { Theme } from "./theme";
import { ThemeToggle } from "./theme-toggle";
import { useLocale, useTranslation } from "~/platform/i18n";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `focus-ring rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
    isActive
      ? "bg-brand-50 text-brand-700 dark:bg-brand-900 dark:text-brand-100"
      : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
  }`;

function NavItems({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation("header");
  return (
    <>
      <li>
        <a
          href={brand.campusUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={navLinkClass({ isActive: false })}
        >
          {t("campus")}
          <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5" />
          <span className="sr-only"> {t("campusNewTab")}</span>
        </a>
      </li>
      <li>
        <NavLink to={href("/partners")} className={navLinkClass} onClick={onNavigate}>
          {t("partners")}
        </NavLink>
      </li>
      <li>
        <NavLink to={href("/contact")} className={navLinkClass} onClick={onNavigate}>
          {t("contact")}
        </NavLink>
      </li>
    </>
  );
}

/** SPEC §2: 'Request a Demo' to /demo; on /demo itself, 'Join The Waitlist' opens the waitlist. */
function PrimaryAction({ className, onDone }: { className?: string; onDone?: () => void }) {
  const { t } = useTranslation("header");
  const location = useLocation();
  if (location.pathname === href("/demo")) {
    // A form, so that without JavaScript it asks the page for its waitlist form instead.
    return (
      <form
        method="get"
        action={`${href("/demo")}#waitlist`}
        className={className}
        onSubmit={(event) => {
          event.preventDefault();
          onDone?.();
          openWaitlist({ source: "header" });
        }}
      >
        <input type="hidden" name="waitlist" value="open" />
        <Button type="submit" className="w-full">
          {t("joinWaitlist")}
        </Button>
      </form>
    );
  }
  return (
    <ButtonLink
      to={href("/demo")}
      className={className}
      onClick={() => {
        track("demo_request_click", { location: "header" });
        onDone?.();
      }}
    >
      {t("requestDemo")}
    </ButtonLink>
  );
}

/** The signed-in email and Sign Out (a form post, so it works before JavaScript loads). */
function AccountControls({ className = "" }: { className?: string }) {
  const { t } = useTranslation(["common"]);
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className={`flex min-w-0 items-center gap-2 ${className}`}>
      <Link
        to={href("/app")}
        className="focus-ring flex min-w-0 items-center gap-1 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <UserRound aria-hidden="true" className="size-4 shrink-0" />
        <span className="sr-only">{t("auth.account")}: </span>
        <span className="truncate max-2xl:sr-only" data-testid="signed-in-email">
          {user.email}
        </span>
      </Link>
      <Form method="post" action={href("/logout")}>
        <Button type="submit" variant="secondary" className="whitespace-nowrap">
          <LogOut aria-hidden="true" className="size-4" />
          {t("signOut")}
        </Button>
      </Form>
    </div>
  );
}

export interface HeaderProps {
  theme: Theme;
  /** Where the language dropdown (test id `lang-select`) is rendered. */
  languageSelectSlot?: ReactNode;
}

/** The mobile menu's id; fixed, since the header's HTML is reused between pages (docs/decisions/030). */
const MENU_ID = "site-menu";

export function Header({ theme, languageSelectSlot }: HeaderProps) {
  const { i18n } = useTranslation("header");
  const location = useLocation();
  const { user } = useAuth();
  const { locale, entitlements, upsell } = useLocale();
  // The menu belongs to the page it was opened on, so navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? location.pathname : null);
  const toggleRef = useRef<HTMLAnchorElement>(null);
  const navigate = useNavigate();

  // Before the scripts run, the toggle is a link to the menu, which `:target` shows (app.css). A page
  // that hydrates with the menu opened that way keeps it open, now as state, and drops the fragment.
  useEffect(() => {
    if (location.hash !== `#${MENU_ID}`) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the fragment was set by the browser before hydration
    setMenuOpenOn(location.pathname);
    void navigate(`${location.pathname}${location.search}`, {
      replace: true,
      preventScrollReset: true,
    });
  }, [location, navigate]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  // Everything the header and the language dropdown show depends on; the menu starts closed.
  const reuseKey = JSON.stringify([
    locale,
    entitlements,
    upsell,
    theme,
    location.pathname + location.search,
    user?.email ?? null,
  ]);

  return (
    <ReusedHtml
      as="header"
      reuse={{ scope: i18n, key: reuseKey }}
      className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95"
    >
      <HeaderBar
        theme={theme}
        languageSelectSlot={languageSelectSlot}
        menuOpen={menuOpen}
        setMenuOpen={setMenuOpen}
        toggleRef={toggleRef}
      />
    </ReusedHtml>
  );
}

/** What the header shows; on the server, rendered only when its HTML is not kept (docs/decisions/030). */
function HeaderBar({
  theme,
  languageSelectSlot,
  menuOpen,
  setMenuOpen,
  toggleRef,
}: HeaderProps & {
  menuOpen: boolean;
  setMenuOpen: (open: boolean) => void;
  toggleRef: RefObject<HTMLAnchorElement | null>;
}) {
  const { t } = useTranslation("header");
  const location = useLocation();
  return (
    <>
      <a
        href="#main"
        className="focus-ring sr-only rounded-md bg-brand-600 px-3 py-2 text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        {t("skipToContent")}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <Link
          to={brand.homePath}
          aria-label={t("homeLabel")}
          className="focus-ring flex shrink-0 items-center gap-2 rounded-md"
        >
          <LogoMark className="size-8" />
          <span className="text-lg font-bold tracking-tight max-sm:sr-only">{brand.name}</span>
        </Link>
        {showsBackButton(location.pathname) ? <BackButton /> : null}

        <nav aria-label={t("mainNav")} className="ml-2 hidden xl:block">
          <ul className="flex items-center gap-1">
            <NavItems />
          </ul>
        </nav>

        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          {languageSelectSlot}
          <ThemeToggle theme={theme} />
          <AccountControls className="max-w-72 max-xl:hidden" />
          <PrimaryAction className="max-sm:hidden" />
          <a
            ref={toggleRef}
            href={`#${MENU_ID}`}
            role="button"
            className="focus-ring shrink-0 rounded-lg p-2 text-slate-700 hover:bg-slate-100 xl:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            onClick={(event) => {
              event.preventDefault();
              setMenuOpen(!menuOpen);
            }}
            onKeyDown={(event) => {
              // A button answers Space as well as Enter.
              if (event.key !== " ") return;
              event.preventDefault();
              setMenuOpen(!menuOpen);
            }}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
            <span className="sr-only">{menuOpen ? t("closeMenu") : t("openMenu")}</span>
          </a>
        </div>
      </div>

      <nav
        id={MENU_ID}
        aria-label={t("mainNav")}
        data-menu-panel
        className={`border-t border-slate-200 px-4 pb-4 xl:hidden dark:border-slate-800 ${menuOpen ? "" : "hidden"}`}
      >
        <ul className="flex flex-col gap-1 pt-2">
          <NavItems onNavigate={() => setMenuOpen(false)} />
          <li className="pt-2">
            <AccountControls />
          </li>
          <li className="pt-2 sm:hidden">
            <PrimaryAction className="w-full" onDone={() => setMenuOpen(false)} />
          </li>
        </ul>
      </nav>
    </>
  );
}
