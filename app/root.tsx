import { lazy, Suspense, useEffect } from "react";
import {
  type ShouldRevalidateFunctionArgs,
  Links,
  Meta,
  Outlet,
  Scripts,
  href,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import {
  DEFAULT_LOCALE,
  DEFAULT_PACK_REGION,
  LanguageSelect,
  LocaleProvider,
  RegionProvider,
  getI18n,
  getTenant,
  htmlLang,
  loadDictionaries,
} from "./platform/i18n";
import { getLocaleState } from "./platform/i18n/index.server";
import { AuthProvider } from "./platform/auth";
import { getAuthState } from "./platform/auth/index.server";
import { CrashScreen, StatusScreen } from "./platform/shell/error-screens";
// The host alone: the waitlist page form (and its schema) stay out of every page's bundle.
import { WaitlistHost } from "./domain/waitlist/waitlist-host";
import { Shell } from "./platform/shell/shell";
import { DEFAULT_THEME } from "./platform/shell/theme";
import { getTheme } from "./platform/shell/theme.server";
import { useOptimisticTheme } from "./platform/shell/theme-toggle";
import { getEnv } from "./platform/lib/env.server";
import { useNonce } from "./platform/lib/nonce";
import { keepDataAfterNetworkFailure } from "./platform/lib/reply";
import { replayEarlyChoices } from "./platform/ui/early-choices";

// Development only: the list of translation keys the current language lacks.
const MissingKeysBadge = import.meta.env.DEV
  ? lazy(() => import("./platform/i18n/missing-keys-badge"))
  : null;

export const links: Route.LinksFunction = () => [
  // React hoists a stylesheet with a precedence ahead of the script preloads, so the page paints
  // without waiting for JavaScript downloads on a slow connection.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Error screens get a title too; a page's own meta replaces this one.
export const meta: Route.MetaFunction = ({ error, loaderData }) =>
  error ? [{ title: `${getI18n(loaderData?.locale).t("errors:crash.title")} | Kestrel` }] : [];

// The page depends on the language and theme cookies and on Accept-Language.
export const headers: Route.HeadersFunction = () => ({ Vary: "Accept-Language, Cookie" });

// Who is signed in is read once per request; a session that was extended (or has ended) sends
// its cookie back on whatever the request answers.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    const auth = await getAuthState(request);
    const response = await next();
    for (const cookie of auth.headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
    return response;
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [theme, localeState, auth] = await Promise.all([
    getTheme(request),
    getLocaleState(request),
    getAuthState(request),
  ]);
  return { theme, ...localeState, appUrl: getEnv().APP_URL, user: auth.user };
}

/** After a language change the new dictionaries are in place before the page re-renders. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadDictionaries(data.locale);
  return data;
}

// Saving the region changes nothing the root loader would answer differently right now.
// A post the network never delivered changed nothing, and a reload would fail the same way and
// replace the page with the error screen (SPEC §8 "network": the form stays).
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return args.formAction === href("/region") ? false : keepDataAfterNetworkFailure(args);
}

function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const theme = useOptimisticTheme(data?.theme ?? DEFAULT_THEME);
  const locale = data?.locale ?? DEFAULT_LOCALE;
  const tenant = getTenant(data?.tenantId);
  const region = data?.region ?? DEFAULT_PACK_REGION;
  // Marks the document interactive, for people's tools and for our browser tests alike.
  useEffect(() => {
    replayEarlyChoices();
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <html
      lang={htmlLang(locale)}
      data-locale={locale}
      data-region={region}
      data-tenant={tenant.id}
      className={theme === "dark" ? "dark" : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === "dark" ? "dark light" : "light dark"} />
        <Meta />
        {/* Stylesheets load from our origin (style-src 'self'); no nonce, so nothing differs at hydration. */}
        <Links nonce="" />
      </head>
      <body>
        <LocaleProvider
          locale={locale}
          tenantId={tenant.id}
          entitlements={data?.entitlements ?? tenant.entitlements}
        >
          <AuthProvider user={data?.user ?? null}>
            <RegionProvider region={region}>
              <Shell theme={theme} languageSelect={<LanguageSelect />}>
                {children}
              </Shell>
              <WaitlistHost />
            </RegionProvider>
          </AuthProvider>
          {MissingKeysBadge ? (
            <Suspense>
              <MissingKeysBadge />
            </Suspense>
          ) : null}
        </LocaleProvider>
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <StatusScreen status={error.status} />;
  if (import.meta.env.DEV) console.error(error);
  return <CrashScreen />;
}
