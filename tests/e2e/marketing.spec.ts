import { readFileSync } from "node:fs";
import type { Route } from "@playwright/test";
import { deliveredMail, queryE2eDatabase } from "./db";
import { CATALOGUE } from "./modules";
import { expect, expectAccessible, test, uniqueEmail, waitForHydration } from "./fixtures";

// Issue "Marketing site and lead capture": the public pages and what their forms store.
const unique = (label: string) => uniqueEmail(label);

test.describe("landing page", () => {
  test("has the sections in SPEC order, the compliance hero by default, and passes axe", async ({
    page,
  }) => {
    await page.goto("/kestrel");
    const headings = await page.locator("main h2").allTextContents();
    const order = [
      "AI ESG Advisor",
      "Kestrel Campus",
      "Evidence engine",
      "Partners",
      "Talk to us",
    ].map((h) => headings.findIndex((text) => text.includes(h)));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Regulator-aligned compliance and fraud training for Asia-Pacific and Canada",
    );
    await expect(
      page.getByText(`${CATALOGUE.modules} modules, ${CATALOGUE.tracks} tracks, 24/7 access`),
    ).toBeVisible();
    const campus = page.getByRole("link", { name: /Visit the Campus/ });
    await expect(campus).toHaveAttribute("target", "_blank");
    await expect(campus).toHaveAttribute("rel", "noopener noreferrer");
    for (const regulator of ["FINTRAC", "MAS", "PDPA", "AMLA"]) {
      await expect(
        page.locator("#evidence ~ ul").getByText(regulator, { exact: true }),
      ).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Try Free Course" })).toHaveAttribute(
      "href",
      "/courses/esg-ai-ethics",
    );
    await expect(page.getByText("References available on request").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact Partners Team" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await expectAccessible(page);
  });

  test("the footer's flags are drawn, named, and never emoji", async ({ page }) => {
    await page.goto("/kestrel");
    const flags = page.getByRole("list", { name: "Regions we serve" }).getByRole("img");
    await expect(flags).toHaveCount(5);
    for (const [index, name] of [
      "Canada",
      "Singapore",
      "Malaysia",
      "Thailand",
      "Vietnam",
    ].entries()) {
      await expect(flags.nth(index)).toHaveAccessibleName(name);
      await expect(flags.nth(index)).toHaveAttribute("src", /^\/flags\/[a-z]{2}\.svg$/);
      // Drawn, and loaded: an image that failed has no width of its own.
      expect(
        await flags.nth(index).evaluate((node) => (node as HTMLImageElement).naturalWidth),
      ).toBe(30);
    }
    const footer = await page.getByRole("contentinfo").textContent();
    expect(footer).not.toMatch(/\p{Regional_Indicator}/u);
  });

  test("carries a description, Open Graph tags and a canonical URL", async ({ page }) => {
    await page.goto("/kestrel");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /AML/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Kestrel/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/kestrel$/);
  });

  for (const [variant, headline] of [
    ["fraud", "Stop scams and mule money before they reach your customers"],
    ["esg", "Responsible AI and ESG training your auditors will recognize"],
    ["nonsense", "Regulator-aligned compliance and fraud training for Asia-Pacific and Canada"],
  ] as const) {
    test(`?hero=${variant} shows its hero`, async ({ page }) => {
      await page.goto(`/kestrel?hero=${variant}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(headline);
    });
  }
});

test.describe("partners, privacy and terms", () => {
  test("partners page: program, three partnership types, calls to /demo", async ({ page }) => {
    await page.goto("/partners");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Partner Program");
    await expect(page.getByRole("link", { name: "Become a Partner" })).toHaveAttribute(
      "href",
      "/demo",
    );
    for (const type of ["Technology", "Consulting", "Channel"]) {
      await expect(page.getByRole("heading", { level: 3, name: type })).toBeVisible();
    }
    await expect(page.getByText("Competitive margins")).toBeVisible();
    await expect(page.getByRole("link", { name: "Request Partnership Info" })).toHaveAttribute(
      "href",
      "/demo",
    );
    await expectAccessible(page);
  });

  for (const [path, title] of [
    ["/privacy", "Privacy Policy"],
    ["/terms", "Terms of Service"],
  ] as const) {
    test(`${path}: the document, a back link and a click-to-reveal address`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute(
        "href",
        "/kestrel",
      );
      expect(await page.content()).not.toMatch(/[a-z]+@kestrel\.academy/);
      await waitForHydration(page);
      await page.getByRole("link", { name: "Show email address" }).first().click();
      const address = page.getByRole("link", { name: /@kestrel\.academy$/ }).first();
      await expect(address).toBeFocused();
      await expect(page).toHaveURL(path); // revealed in place, no page load
      await expectAccessible(page);
    });
  }

  test("a Thai reader gets the Terms in Thai, marked as Thai", async ({ browser }) => {
    const context = await browser.newContext({ locale: "th-TH" });
    const page = await context.newPage();
    await page.goto("/terms");
    const thai = JSON.parse(readFileSync("content/legal/th/terms.json", "utf8")) as {
      title: string;
    };
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(thai.title);
    await expect(page.locator("article")).toHaveAttribute("lang", "th");
    await context.close();
  });

  // Public pages hydrate after the first frame; a click that comes first must not be lost.
  for (const [path, address] of [
    ["/privacy", "privacy@kestrel.academy"],
    ["/contact", "hello@kestrel.academy"],
  ] as const) {
    test(`${path}: the address is revealed by a click before the scripts have run`, async ({
      page,
    }) => {
      let held: Route[] | null = [];
      await page.route(/\/assets\/.+\.js$/, (route) =>
        held ? void held.push(route) : route.continue(),
      );
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await page.getByRole("link", { name: "Show email address" }).first().click();
      await expect(page).toHaveURL(new RegExp(`${path}\\?reveal=`));
      await expect(page.getByRole("link", { name: address }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      const waiting = held;
      held = null;
      for (const route of waiting) await route.continue().catch(() => undefined);
      await waitForHydration(page);
      await expect(page.getByRole("link", { name: address }).first()).toBeVisible();
    });
  }

  test("sitemap.xml and robots.txt list the public pages", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const path of ["/kestrel", "/partners", "/contact", "/demo", "/privacy", "/terms"]) {
      expect(sitemap).toContain(`${path}</loc>`);
    }
    const robots = await request.get("/robots.txt");
    expect(await robots.text()).toContain("Sitemap: ");
    expect(await robots.text()).toContain("Disallow: /*?reveal=");
  });
});

test.describe("contact form", () => {
  test("sends a message that lands in the database", async ({ page }) => {
    const email = unique("contact");
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByLabel("Name").fill("Siti Rahman");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Inquiry type").selectOption("partnership");
    await page
      .getByLabel("Message")
      .fill("We would like to discuss a reseller partnership in Malaysia.");
    await expect(page.getByLabel("Message")).toHaveAttribute("rows", "5");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    await expect(page.getByText("Thank you! We'll be in touch soon.")).toBeVisible();
    const rows = queryE2eDatabase<{ inquiry_type: string; name: string }>(
      "select inquiry_type, name from contact_message where email = ?",
      email,
    );
    expect(rows).toEqual([{ inquiry_type: "partnership", name: "Siti Rahman" }]);
    // Mailed to the team over SMTP, and marked sent in the outbox.
    const mails = queryE2eDatabase<{ status: string }>(
      "select status from outbox where body like ?",
      `%${email}%`,
    );
    expect(mails).toEqual([{ status: "sent" }]);
    const delivered = deliveredMail().find((mail) => mail.data.includes(email));
    expect(delivered?.to).toEqual(["team@kestrel.academy"]);
    expect(delivered?.data).toContain("reseller partnership in Malaysia");
  });

  test("shows SPEC messages and keeps what was typed", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByLabel("Message").fill("Keep this text");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("This field is required.").first()).toBeVisible();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByLabel("Message")).toHaveValue("Keep this text");
    await expectAccessible(page);
  });

  test("reveals the email address on click and offers a demo instead", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await expect(page.getByText("Asia-Pacific & Canada")).toBeVisible();
    await page.getByRole("link", { name: "Show email address" }).click();
    await expect(page.getByRole("link", { name: "hello@kestrel.academy" })).toHaveAttribute(
      "href",
      /^mailto:hello@kestrel\.academy\?subject=/,
    );
    await expect(page.getByRole("link", { name: "Request Demo Instead" })).toHaveAttribute(
      "href",
      "/demo",
    );
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form still sends, and errors keep the values", async ({ page }) => {
      await page.goto("/contact");
      await page.getByLabel("Name").fill("No Script");
      await page.getByLabel("Message").fill("Typed without JavaScript");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByText("This field is required.")).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveValue("No Script");
      await expect(page.getByLabel("Message")).toHaveValue("Typed without JavaScript");

      const email = unique("nojs-contact");
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
      expect(
        queryE2eDatabase("select id from contact_message where email = ?", email),
      ).toHaveLength(1);
    });
  });
});

test.describe("demo request", () => {
  test("is stored, then shows the next steps with links home and to the ESG course", async ({
    page,
  }) => {
    const email = unique("demo");
    await page.goto("/demo");
    await waitForHydration(page);
    await page.getByLabel("Name", { exact: true }).fill("Nguyen Van An");
    await page.getByLabel("Work email").fill(email);
    await page.getByRole("textbox", { name: "Company", exact: true }).fill("Saigon Credit");
    await page.getByLabel("Company size").selectOption("201-1000");
    await page.getByLabel("Use case").selectOption("aml-compliance");
    await page.getByLabel("Preferred time").selectOption("morning");
    await page.getByRole("button", { name: "Request Demo" }).click();
    await expect(page.getByRole("heading", { name: "Demo Request Received!" })).toBeVisible();
    await expect(page.getByText("We schedule a 30-minute personalized demo")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute(
      "href",
      "/kestrel",
    );
    await expect(page.getByRole("link", { name: /ESG AI Ethics/ })).toHaveAttribute(
      "href",
      "/courses/esg-ai-ethics",
    );
    expect(
      queryE2eDatabase(
        "select company_size, use_case, preferred_time from demo_request where email = ?",
        email,
      ),
    ).toEqual([
      { company_size: "201-1000", use_case: "aml-compliance", preferred_time: "morning" },
    ]);
    await expectAccessible(page);
  });

  test("'Prefer email?' shows, on a second click, an address that carries the form's data", async ({
    page,
  }) => {
    await page.goto("/demo");
    await waitForHydration(page);
    await page.getByLabel("Name", { exact: true }).fill("Nguyen Van An");
    await page.getByRole("textbox", { name: "Company", exact: true }).fill("Saigon Credit");
    await page.getByLabel("Use case").selectOption("aml-compliance");
    const option = page.locator("details").filter({ hasText: "Prefer email?" });
    await expect(option.getByRole("link", { name: "Show email address" })).toBeHidden();
    await option.getByText("Prefer email?").click();
    await option.getByRole("link", { name: "Show email address" }).click();
    const address = option.getByRole("link", { name: "hello@kestrel.academy" });
    await expect(address).toBeFocused();
    const mailto = new URL((await address.getAttribute("href")) ?? "");
    expect(mailto.protocol).toBe("mailto:");
    expect(mailto.searchParams.get("subject")).toBe("Demo request: Saigon Credit");
    expect(mailto.searchParams.get("body")).toBe(
      "Name: Nguyen Van An\nCompany: Saigon Credit\nUse case: AML compliance",
    );
    await option.getByText("Prefer email?").click();
    await expect(address).toBeHidden();
  });

  test("says 'Scheduling Demo...' while it is sent", async ({ page }) => {
    await page.goto("/demo");
    await waitForHydration(page);
    await page.route("**/demo.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.getByLabel("Name", { exact: true }).fill("Slow Network");
    await page.getByLabel("Work email").fill(unique("slow"));
    await page.getByRole("textbox", { name: "Company", exact: true }).fill("Patient Co");
    await page.getByRole("button", { name: "Request Demo" }).click();
    await expect(page.getByRole("button", { name: "Scheduling Demo..." })).toBeDisabled();
    await expect(page.getByRole("heading", { name: "Demo Request Received!" })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form still sends", async ({ page }) => {
      const email = unique("nojs-demo");
      await page.goto("/demo");
      await page.getByLabel("Name", { exact: true }).fill("Plain Form");
      await page.getByLabel("Work email").fill(email);
      await page.getByRole("textbox", { name: "Company", exact: true }).fill("HTML Ltd");
      await page.getByRole("button", { name: "Request Demo" }).click();
      await expect(page.getByRole("heading", { name: "Demo Request Received!" })).toBeVisible();
      expect(queryE2eDatabase("select id from demo_request where email = ?", email)).toHaveLength(
        1,
      );
    });
  });
});
