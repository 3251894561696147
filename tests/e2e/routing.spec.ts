import { expect, expectAccessible, test } from "./fixtures";

test.describe("redirects and unknown paths", () => {
  test("/ redirects permanently to /kestrel", async ({ request }) => {
    const response = await request.get("/", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("/kestrel");
  });

  test("/esg redirects permanently to the ESG and AI ethics course", async ({ request }) => {
    const response = await request.get("/esg", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("/courses/esg-ai-ethics");
  });

  for (const path of ["/nope", "/kestrel/nothing-here", "/a/b/c?x=1", "/api/unknown"]) {
    test(`${path} redirects to /404`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers()["location"]).toBe("/404");
    });
  }

  test("an unknown path ends on the 404 card with status 404", async ({ page }) => {
    const response = await page.goto("/does-not-exist");
    expect(page.url()).toMatch(/\/404$/);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(
      page.getByText(
        "The page you're looking for doesn't exist. Let's get you back to the main site.",
      ),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Go to Home" }).click();
    await expect(page).toHaveURL(/\/kestrel$/);
  });

  test("the landing page renders the shell and hero", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/kestrel$/);
    await expect(page).toHaveTitle(/Kestrel Compliance Academy/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("compliance");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectAccessible(page);
  });

  test("/e2e shows its fixed text", async ({ page }) => {
    await page.goto("/e2e");
    await expect(page.getByTestId("e2e-text")).toHaveText("Kestrel end-to-end harness is ready.");
    await expectAccessible(page);
  });
});

test.describe("error screens", () => {
  test.use({ expectedConsoleError: /Harness render crash/ });

  test("a render crash shows the SPEC §8 screen with a Refresh Page button", async ({ page }) => {
    const response = await page.goto("/e2e?crash=render");
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(
      page.getByText(
        "We're sorry, but something unexpected happened. Please try refreshing the page.",
      ),
    ).toBeVisible();
    await expectAccessible(page);
    const reload = page.waitForEvent("load");
    await page.getByRole("button", { name: "Refresh Page" }).click();
    await reload;
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  });

  const statuses = [
    [401, "You don't have permission to access this resource."],
    [403, "Access to this resource is forbidden."],
    [400, "Please check your input and try again."],
    [408, "Request timed out. Please try again."],
    [503, "Server error. Please try again later."],
  ] as const;
  for (const [status, message] of statuses) {
    test(`a thrown ${status} shows its message`, async ({ page }) => {
      const response = await page.goto(`/e2e?status=${status}`);
      expect(response?.status()).toBe(status);
      await expect(page.getByRole("heading", { name: `Error ${status}` })).toBeVisible();
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByRole("link", { name: "Go to Home" })).toHaveAttribute(
        "href",
        "/kestrel",
      );
    });
  }
});
