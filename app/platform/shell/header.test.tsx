// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AuthProvider, type AuthUser, useAuth } from "~/platform/auth";
import { DEFAULT_LOCALE, getI18n, I18nProvider, LocaleProvider } from "~/platform/i18n";
import { Header } from "./header";

afterEach(cleanup);

function Page() {
  const location = useLocation();
  return (
    <LocaleProvider locale={DEFAULT_LOCALE} tenantId="kestrel-enterprise" entitlements={[]}>
      <Header theme="dark" languageSelectSlot={<span data-testid="lang-slot" />} />
      <p data-testid="where">{location.pathname}</p>
    </LocaleProvider>
  );
}

function renderAt(entries: string[], user: AuthUser | null = null) {
  const Stub = createRoutesStub([
    { path: "/kestrel", Component: Page },
    { path: "/partners", Component: Page },
    { path: "/courses/:course", Component: Page },
    { path: "/training/*", Component: Page },
  ]);
  return render(
    <I18nProvider i18n={getI18n()}>
      <AuthProvider user={user}>
        <Stub initialEntries={entries} initialIndex={entries.length - 1} />
      </AuthProvider>
    </I18nProvider>,
  );
}

describe("Header", () => {
  it("shows the signed-in email with Sign Out, and neither to a visitor", async () => {
    const user: AuthUser = {
      id: "u1",
      email: "mei@bank.example",
      name: "",
      role: "learner",
      adminAccount: false,
      twoFactorEnabled: false,
    };
    renderAt(["/kestrel"], user);
    expect((await screen.findAllByText("mei@bank.example")).length).toBeGreaterThan(0);
    const signOut = screen.getAllByRole("button", { name: "Sign Out" })[0];
    expect(signOut?.closest("form")?.getAttribute("action")).toBe("/logout");
    cleanup();
    renderAt(["/kestrel"]);
    await screen.findAllByRole("link", { name: "Partners" });
    expect(screen.queryByText("mei@bank.example")).toBeNull();
    expect(screen.queryByRole("button", { name: "Sign Out" })).toBeNull();
  });

  it("useAuth outside its provider throws the SPEC §8 message", () => {
    function Orphan() {
      useAuth();
      return null;
    }
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(() => render(<Orphan />)).toThrow("useAuth must be used within an AuthProvider");
    } finally {
      console.error = quiet;
    }
  });

  it("marks the current page in the navigation", async () => {
    renderAt(["/partners"]);
    const links = await screen.findAllByRole("link", { name: "Partners" });
    for (const link of links) expect(link.getAttribute("aria-current")).toBe("page");
    for (const link of screen.getAllByRole("link", { name: "Contact" })) {
      expect(link.getAttribute("aria-current")).toBeNull();
    }
  });

  it("renders the language dropdown slot", async () => {
    renderAt(["/kestrel"]);
    expect(await screen.findByTestId("lang-slot")).toBeTruthy();
  });

  it("shows Back only on course and training paths", async () => {
    renderAt(["/kestrel"]);
    await screen.findByTestId("where");
    expect(screen.queryByRole("link", { name: "Back" })).toBeNull();
    cleanup();
    renderAt(["/courses/esg-ai-ethics"]);
    expect(await screen.findByRole("link", { name: "Back" })).toBeTruthy();
  });

  it("Back goes one step back when this tab has an earlier page", async () => {
    // React Router's browser history numbers entries in history.state.idx.
    window.history.replaceState({ idx: 1 }, "");
    renderAt(["/partners", "/training/module/m1"]);
    fireEvent.click(await screen.findByRole("link", { name: "Back" }));
    expect((await screen.findByTestId("where")).textContent).toBe("/partners");
    window.history.replaceState(null, "");
  });

  it("Back falls back to /kestrel when there is no earlier page in this tab", async () => {
    renderAt(["/training/module/m1"]);
    fireEvent.click(await screen.findByRole("link", { name: "Back" }));
    expect((await screen.findByTestId("where")).textContent).toBe("/kestrel");
  });

  it("Back on the ESG track goes to the ESG course, whatever the history", async () => {
    window.history.replaceState({ idx: 1 }, "");
    renderAt(["/partners", "/training/track/esg-track"]);
    fireEvent.click(await screen.findByRole("link", { name: "Back" }));
    expect((await screen.findByTestId("where")).textContent).toBe("/courses/esg-ai-ethics");
    window.history.replaceState(null, "");
  });
});
