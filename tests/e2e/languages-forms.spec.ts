import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

// The contact, demo request and waitlist forms in Thai and Tamil: their labels, their error
// messages (empty and malformed values), the values kept, focus and aria-invalid, and axe in the
// error state. Every text comes from the dictionaries, never from here.

type Json = Record<string, unknown>;

function readJson(...segments: string[]): Json {
  const file = path.resolve(import.meta.dirname, "../..", ...segments);
  return JSON.parse(readFileSync(file, "utf8")) as Json;
}

/** One text of a dictionary, by its dotted key (`form.name`). */
function text(id: string, namespace: string, key: string): string {
  let value: unknown = readJson("locales", id, `${namespace}.json`);
  for (const part of key.split(".")) value = (value as Json | undefined)?.[part];
  if (typeof value !== "string") throw new Error(`No text ${id}/${namespace}:${key}`);
  return value;
}

/** Every text of a dictionary section (`inquiryTypes`), in its order. */
function texts(id: string, namespace: string, key: string): string[] {
  const section = readJson("locales", id, `${namespace}.json`)[key] as Record<string, string>;
  return Object.values(section);
}

/** The waitlist's English texts for a region, which no other language may show. */
function englishWaitlist(region: string): string[] {
  const forms = readJson("locales", "en", "forms.json");
  const waitlist = forms.waitlist as Record<string, unknown>;
  const regional = (waitlist.regions as Record<string, Record<string, string>>)[region] ?? {};
  return [
    ...["fullName", "workEmail", "company", "role"].map((key) => String(forms[key])),
    ...["consentTerms", "join", "cancel", "trust"].map((key) => String(waitlist[key])),
    ...Object.values(regional),
  ];
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A label as the form shows it: the text, then "(Optional)" in the same language when it may stay empty. */
function labelText(label: string, optional?: string): string | RegExp {
  return optional ? new RegExp(`^${escape(label)}\\s*\\(${escape(optional)}\\)$`) : label;
}

const LANGUAGES = [
  { locale: "th-TH", dictionary: "th", region: "th", language: "Thai" },
  { locale: "ta-MY", dictionary: "ta", region: "my", language: "Tamil" },
] as const;

/** A form field: its `name`, its label's key, and whether the label says "(Optional)". */
type FieldSpec = { name: string; label: string; optional?: boolean };

const CONTACT_FIELDS: FieldSpec[] = [
  { name: "name", label: "form.name" },
  { name: "email", label: "form.email" },
  { name: "company", label: "form.company", optional: true },
  { name: "inquiryType", label: "form.inquiryType" },
  { name: "message", label: "form.message" },
];

const DEMO_FIELDS: FieldSpec[] = [
  { name: "name", label: "form.name" },
  { name: "email", label: "form.email" },
  { name: "company", label: "form.company" },
  { name: "jobTitle", label: "form.jobTitle", optional: true },
  { name: "companySize", label: "form.companySize", optional: true },
  { name: "useCase", label: "form.useCase", optional: true },
  { name: "preferredTime", label: "form.preferredTime", optional: true },
  { name: "details", label: "form.details", optional: true },
];

/** Every text of the page forms (`contact`, `demo`) a reader sees: labels, options, the button. */
function formTexts(id: string, namespace: "contact" | "demo", fields: FieldSpec[]): string[] {
  const options =
    namespace === "contact"
      ? texts(id, namespace, "inquiryTypes")
      : [
          text(id, namespace, "form.choose"),
          ...texts(id, namespace, "companySizes"),
          ...texts(id, namespace, "useCases"),
          ...texts(id, namespace, "preferredTimes"),
        ];
  return [
    ...fields.map((field) => text(id, namespace, field.label)),
    text(id, namespace, "form.optional"),
    text(id, namespace, "form.submit"),
    ...options,
  ];
}

/** The English error messages any of the three forms can show. */
const ENGLISH_ERRORS = [
  text("en", "contact", "required"),
  text("en", "contact", "invalidEmail"),
  ...["required", "email", "emailShort", "consent", "formErrors"].map((key) =>
    text("en", "validation", key),
  ),
];

/**
 * The contact and demo forms as the tests send them with JavaScript: what is typed or chosen, the
 * error each empty or malformed field gets (its dictionary and key; the first is focused), and the
 * fields that stay valid.
 */
const MARKETING_FORMS: {
  title: string;
  path: string;
  selector: string;
  namespace: "contact" | "demo";
  fields: FieldSpec[];
  typed: Record<string, string>;
  chosen: Record<string, string>;
  errors: Record<string, [namespace: string, key: string]>;
  valid: string[];
}[] = [
  {
    title: "contact form",
    path: "/contact",
    selector: "form#contact",
    namespace: "contact",
    fields: CONTACT_FIELDS,
    typed: { email: "not-an-email", message: "Keep this text" },
    chosen: {},
    errors: { name: ["contact", "required"], email: ["contact", "invalidEmail"] },
    valid: ["message"],
  },
  {
    title: "demo request form",
    path: "/demo",
    selector: "form#demo-request",
    namespace: "demo",
    fields: DEMO_FIELDS,
    typed: { email: "not-an-email", jobTitle: "MLRO", details: "Keep this text" },
    chosen: { useCase: "aml-compliance" },
    errors: {
      name: ["validation", "required"],
      email: ["validation", "email"],
      company: ["validation", "required"],
    },
    valid: ["jobTitle", "details"],
  },
];

async function expectNone(scope: Locator, english: readonly string[]): Promise<void> {
  for (const phrase of english) await expect(scope).not.toContainText(phrase);
}

/** Each field's label reads the language's text (visible, and the control's accessible name). */
async function expectLabels(
  form: Locator,
  id: string,
  namespace: string,
  fields: FieldSpec[],
): Promise<void> {
  const optional = text(id, namespace, "form.optional");
  for (const field of fields) {
    const control = form.locator(`[name="${field.name}"]`);
    const expected = labelText(
      text(id, namespace, field.label),
      field.optional ? optional : undefined,
    );
    const label = form.locator(`label[for="${await control.getAttribute("id")}"]`);
    await expect(label).toBeVisible();
    await expect(label).toHaveText(expected);
    await expect(control).toHaveAccessibleName(expected);
  }
}

/** A field shows `message` as its error: visible, announced with the field, and aria-invalid. */
async function expectError(control: Locator, message: string): Promise<void> {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAccessibleDescription(message);
  const errorId = await control.getAttribute("aria-describedby");
  await expect(control.page().locator(`[id="${errorId}"]`)).toBeVisible();
}

async function expectValid(control: Locator): Promise<void> {
  await expect(control).not.toHaveAttribute("aria-invalid", "true");
  await expect(control).not.toHaveAttribute("aria-describedby", /.+/);
}

/** A form's labels and submit button in the page's language, before and after hydration, none in English. */
async function expectFormInLanguage(
  page: Page,
  path: string,
  selector: string,
  language: { id: string; locale: string; namespace: "contact" | "demo"; fields: FieldSpec[] },
): Promise<void> {
  const { id, locale, namespace, fields } = language;
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  const form = page.locator(selector);
  await expect(
    form.getByRole("button", { name: text(id, namespace, "form.submit") }),
  ).toBeVisible();
  // Hydration translates nothing back to English.
  for (const hydrated of [false, true]) {
    if (hydrated) await waitForHydration(page);
    await expectLabels(form, id, namespace, fields);
    await expectNone(form, formTexts("en", namespace, fields));
  }
}

/** Opens /demo and its waitlist dialog from the header, as the English waitlist tests do. */
async function openWaitlistDialog(page: Page, id: string): Promise<Locator> {
  await page.goto("/demo");
  await waitForHydration(page);
  await page.getByRole("button", { name: text(id, "header", "joinWaitlist") }).click();
  const dialog = page.getByRole("dialog");
  // The dialog moves focus to its first field after 100 ms (SPEC §9).
  await expect(dialog.locator('[name="name"]')).toBeFocused();
  return dialog;
}

/** The waitlist form on /demo itself (`?waitlist=open`), hydrated. */
async function openWaitlistPageForm(page: Page): Promise<Locator> {
  await page.goto("/demo?waitlist=open");
  await waitForHydration(page);
  return page.locator("#waitlist form");
}

for (const { locale, dictionary: id, region, language } of LANGUAGES) {
  test.describe(`${language} (${locale})`, () => {
    // The browser asks for the language (Accept-Language): nothing saved, nothing to clean up.
    test.use({ locale });

    for (const form of MARKETING_FORMS) {
      test.describe(form.title, () => {
        test("labels, options and button read the dictionary, none in English", async ({
          page,
        }) => {
          await expectFormInLanguage(page, form.path, form.selector, {
            id,
            locale,
            namespace: form.namespace,
            fields: form.fields,
          });
        });

        test("an empty and a malformed field: errors in the language, values kept, axe", async ({
          page,
        }) => {
          await page.goto(form.path);
          await waitForHydration(page);
          const scope = page.locator(form.selector);
          const field = (name: string) => scope.locator(`[name="${name}"]`);
          for (const [name, value] of Object.entries(form.typed)) await field(name).fill(value);
          for (const [name, value] of Object.entries(form.chosen))
            await field(name).selectOption(value);
          await scope
            .getByRole("button", { name: text(id, form.namespace, "form.submit") })
            .click();

          for (const [name, [namespace, key]] of Object.entries(form.errors))
            await expectError(field(name), text(id, namespace, key));
          await expect(field(Object.keys(form.errors)[0] ?? "")).toBeFocused();
          for (const name of form.valid) await expectValid(field(name));
          for (const [name, value] of Object.entries({ ...form.typed, ...form.chosen }))
            await expect(field(name)).toHaveValue(value);
          await expectNone(scope, ENGLISH_ERRORS);
          await expectNone(scope, formTexts("en", form.namespace, form.fields));
          await expectAccessible(page);
        });
      });
    }

    test.describe("contact form without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("the server's errors are in the language and keep the values", async ({ page }) => {
        await page.goto("/contact");
        const form = page.locator("form#contact");
        const field = (name: string) => form.locator(`[name="${name}"]`);
        await field("name").fill("No Script");
        await field("message").fill("Typed without JavaScript");
        await form.getByRole("button", { name: text(id, "contact", "form.submit") }).click();

        await expectError(field("email"), text(id, "contact", "required"));
        await expectValid(field("name"));
        await expect(field("name")).toHaveValue("No Script");
        await expect(field("message")).toHaveValue("Typed without JavaScript");
        await expectNone(form, ENGLISH_ERRORS);
        await expectNone(form, formTexts("en", "contact", CONTACT_FIELDS));
      });
    });

    test.describe("waitlist dialog", () => {
      test("an empty and a malformed field: errors in the language, values kept, axe", async ({
        page,
      }) => {
        const dialog = await openWaitlistDialog(page, id);
        const field = (name: string) => dialog.locator(`[name="${name}"]`);
        // Leaving the name empty and the address malformed, as the English test does.
        await field("email").fill("ana@");
        await field("role").fill("Compliance officer");
        await field("role").blur();

        await expectError(field("name"), text(id, "validation", "required"));
        await expectError(field("email"), text(id, "validation", "emailShort"));
        await expectValid(field("role"));
        await expect(field("email")).toHaveValue("ana@");
        await expect(field("role")).toHaveValue("Compliance officer");
        // SPEC §5: nothing is sent until every field is filled and consent given.
        await expect(dialog.locator('button[type="submit"]')).toBeDisabled();
        await expectNone(dialog, ENGLISH_ERRORS);
        await expect(
          dialog.getByRole("button", { name: text(id, "forms", "waitlist.close") }),
        ).toBeVisible();
        await expectAccessible(page);
      });

      test("title, labels, consent and buttons read the dictionary, none in English", async ({
        page,
      }) => {
        const dialog = await openWaitlistDialog(page, id);
        await expectWaitlistTexts(dialog, id, locale, region);
        await expect(
          dialog.getByRole("button", { name: text(id, "forms", "waitlist.cancel"), exact: true }),
        ).toBeVisible();
      });
    });

    test.describe("waitlist page form", () => {
      test("an empty and a malformed field: errors in the language, values kept, axe", async ({
        page,
      }) => {
        const form = await openWaitlistPageForm(page);
        await sendWaitlistWithErrors(form, id);
        await expect(form.locator('[name="email"]')).toBeFocused();
        await expectAccessible(page);
      });

      test("title, labels, consent and button read the dictionary, none in English", async ({
        page,
      }) => {
        const form = await openWaitlistPageForm(page);
        await expectWaitlistTexts(form, id, locale, region);
      });
    });

    test.describe("waitlist form without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      // As the English test: the header button asks /demo for its form, the server answers the
      // errors. (Axe needs scripts: the hydrated page form above runs it in the same error state.)
      test("the server's errors are in the language and keep the values", async ({ page }) => {
        await page.goto("/demo");
        await page.getByRole("button", { name: text(id, "header", "joinWaitlist") }).click();
        await expect(page).toHaveURL(/\/demo\?waitlist=open#waitlist$/);
        await sendWaitlistWithErrors(page.locator("#waitlist form"), id);
      });
    });
  });
}

/**
 * Sends the waitlist page form with the company missing, a malformed address and no consent: the
 * errors are the language's, the valid fields stay valid, the values stay, and nothing is English.
 */
async function sendWaitlistWithErrors(form: Locator, id: string): Promise<void> {
  const field = (name: string) => form.locator(`[name="${name}"]`);
  await field("name").fill("Lim Wei");
  await field("email").fill("not-an-email");
  await field("role").fill("MLRO");
  await form.locator('button[type="submit"]').click();

  await expectError(field("email"), text(id, "validation", "emailShort"));
  await expectError(field("company"), text(id, "validation", "required"));
  await expectError(field("consent"), text(id, "validation", "consent"));
  await expectValid(field("name"));
  await expectValid(field("role"));
  await expect(field("name")).toHaveValue("Lim Wei");
  await expect(field("email")).toHaveValue("not-an-email");
  await expect(field("role")).toHaveValue("MLRO");
  await expectNone(form, ENGLISH_ERRORS);
}

/** The waitlist's title, fields, consent box and join button, from `forms`, in the page's language. */
async function expectWaitlistTexts(
  form: Locator,
  id: string,
  locale: string,
  region: string,
): Promise<void> {
  const section = form.locator("xpath=ancestor-or-self::*[@lang][1]");
  await expect(section).toHaveAttribute("lang", locale);
  await expect(section).toContainText(text(id, "forms", `waitlist.regions.${region}.title`));
  await expect(section).toContainText(text(id, "forms", `waitlist.regions.${region}.subtitle`));
  for (const [name, key] of [
    ["name", "fullName"],
    ["email", "workEmail"],
    ["company", "company"],
    ["role", "role"],
  ] as const) {
    await expect(form.locator(`[name="${name}"]`)).toHaveAccessibleName(text(id, "forms", key));
  }
  await expect(form.locator('[name="consent"]')).toHaveAccessibleName(
    new RegExp(escape(text(id, "forms", `waitlist.regions.${region}.privacy`))),
  );
  await expect(form.locator('button[type="submit"]')).toHaveAccessibleName(
    text(id, "forms", "waitlist.join"),
  );
  await expectNone(section, englishWaitlist(region));
}
