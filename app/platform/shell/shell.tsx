import type { ReactNode } from "react";
import { Footer } from "./footer";
import { Header } from "./header";
import { ScrollManager, ScrollToTopButton } from "./scroll-manager";
import type { Theme } from "./theme";

/** Header, main landmark and footer around every page, including error screens. */
export function Shell({
  theme,
  languageSelect,
  children,
}: {
  theme: Theme;
  /** The language dropdown, provided by the i18n feature. */
  languageSelect?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <ScrollManager />
      <Header theme={theme} languageSelectSlot={languageSelect} />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <Footer />
      <ScrollToTopButton />
    </>
  );
}
