import { useEffect, useMemo } from "react";
import { I18nextProvider } from "react-i18next";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { createI18n } from "./features/i18n";
import { CrashScreen, StatusScreen } from "./features/shell/error-screens";
import { Shell } from "./features/shell/shell";
import { DEFAULT_THEME } from "./features/shell/theme";
import { getTheme } from "./features/shell/theme.server";
import { useOptimisticTheme } from "./features/shell/theme-toggle";
import { useNonce } from "./lib/nonce";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Error screens get a title too; a page's own meta replaces this one.
export const meta: Route.MetaFunction = ({ error }) =>
  error ? [{ title: `${createI18n().t("errors:crash.title")} | Kestrel` }] : [];

export async function loader({ request }: Route.LoaderArgs) {
  return { theme: await getTheme(request), language: "en" };
}

function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const theme = useOptimisticTheme(data?.theme ?? DEFAULT_THEME);
  const language = data?.language ?? "en";
  const i18n = useMemo(() => createI18n(language), [language]);
  // Marks the document interactive, for people's tools and for our browser tests alike.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <html lang={language} className={theme === "dark" ? "dark" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === "dark" ? "dark light" : "light dark"} />
        <Meta />
        {/* Stylesheets load from our origin (style-src 'self'); no nonce, so nothing differs at hydration. */}
        <Links nonce="" />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          <Shell theme={theme}>{children}</Shell>
        </I18nextProvider>
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
