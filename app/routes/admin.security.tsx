import { ShieldCheck } from "lucide-react";
import { Form, href, redirect, useNavigation } from "react-router";
import { renderSVG } from "uqr";
import { adminPageMeta } from "~/domain/admin";
import { OneTimeCodeInput, TotpCodeSchema } from "~/platform/auth/forms";
import {
  type TotpSetup,
  pendingTotpSetup,
  requireAdmin,
  startTotpSetup,
  verifyTotp,
} from "~/platform/auth/index.server";
import { addEnglishNamespaces, useTranslation } from "~/platform/i18n";
import { readFormFields } from "~/platform/lib/api.server";
import { parseSubmission, refuse, tooMany } from "~/platform/lib/reply.server";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import { Button, ButtonLink } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { Field } from "~/platform/ui/field";
import { FormAlert, SubmitButton } from "~/platform/ui/form-status";
import admin from "../../locales/en/admin.json";
import type { Route } from "./+types/admin.security";

addEnglishNamespaces({ admin });

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, "admin:nav.security");

/** What the page shows of an enrolment: the QR code is drawn on the server, as an SVG image. */
function forDisplay(setup: TotpSetup) {
  const svg = renderSVG(setup.totpUri, { border: 2 });
  return {
    secret: setup.secret,
    totpUri: setup.totpUri,
    qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user, session } = await requireAdmin(request, { secondFactor: false });
  const pending = await pendingTotpSetup(request, user);
  return {
    enrolled: user.twoFactorEnabled,
    verified: session.secondFactorAt !== null,
    pending: pending ? forDisplay(pending) : null,
    redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), href("/admin")),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { user, session } = await requireAdmin(request, { secondFactor: false });
  const fields = await readFormFields(request);
  if (fields.intent === "setup") {
    if (user.twoFactorEnabled) {
      return refuse(400, "validation", { message: "admin:security.alreadyEnrolled" });
    }
    return { setup: forDisplay(await startTotpSetup(request)) };
  }
  const parsed = parseSubmission(fields, TotpCodeSchema);
  if ("refusal" in parsed) {
    return refuse(400, "validation", {
      message: "admin:security.codeFormat",
      fields: parsed.fields,
    });
  }
  const verdict = await verifyTotp(request, user, session, parsed.value.code);
  if (!verdict.ok) {
    return verdict.reason === "rate_limited"
      ? tooMany(verdict.retryAfterSeconds ?? 60)
      : refuse(400, "validation", { message: "admin:security.invalidCode" });
  }
  throw redirect(safeRedirect(fields.redirectTo, href("/admin")), { headers: verdict.headers });
}

function CodeForm({ redirectTo, error }: { redirectTo: string; error?: string }) {
  const { t } = useTranslation(["admin", "errors"]);
  const navigation = useNavigation();
  const verifying = navigation.state !== "idle" && navigation.formData?.get("intent") === "verify";
  return (
    <Form method="post" className="mt-6 max-w-sm space-y-4">
      <input type="hidden" name="intent" value="verify" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field
        label={t("security.codeLabel")}
        htmlFor="totp-code"
        error={error ? t(error as never) : null}
        errorId="totp-code-error"
      >
        <OneTimeCodeInput
          id="totp-code"
          name="code"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "totp-code-error" : undefined}
        />
      </Field>
      <SubmitButton pending={verifying} pendingLabel={t("security.verifying")}>
        {t("security.verify")}
      </SubmitButton>
    </Form>
  );
}

export default function AdminSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["admin", "errors"]);
  const navigation = useNavigation();
  const setup = actionData && "setup" in actionData ? actionData.setup : loaderData.pending;
  const error = actionData && "error" in actionData ? actionData.error.message : undefined;

  if (loaderData.verified) {
    return (
      <Card role="status">
        <ShieldCheck aria-hidden="true" className="size-8 text-emerald-600" />
        <h2 className="mt-3 text-xl font-bold">{t("security.verifiedTitle")}</h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("security.verifiedBody")}</p>
        <ButtonLink to={href("/admin")} className="mt-6">
          {t("security.toOverview")}
        </ButtonLink>
      </Card>
    );
  }

  if (loaderData.enrolled) {
    return (
      <Card>
        <h2 className="text-xl font-bold">{t("security.enterTitle")}</h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("security.enterBody")}</p>
        <CodeForm redirectTo={loaderData.redirectTo} error={error} />
      </Card>
    );
  }

  if (!setup) {
    return (
      <Card>
        <h2 className="text-xl font-bold">{t("security.setupTitle")}</h2>
        <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
          {t("security.setupBody")}
        </p>
        {error ? <FormAlert className="mt-4">{t(error as never)}</FormAlert> : null}
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="setup" />
          <Button type="submit" disabled={navigation.state !== "idle"}>
            {t("security.start")}
          </Button>
        </Form>
      </Card>
    );
  }

  return (
    <Card>
      <h2 className="text-xl font-bold">{t("security.scanTitle")}</h2>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">{t("security.scanBody")}</p>
      <div className="mt-6 flex flex-wrap items-start gap-8">
        <img
          src={setup.qr}
          alt={t("security.qrAlt")}
          width={192}
          height={192}
          className="rounded-lg bg-white p-2"
        />
        <div className="min-w-0 space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("security.manual")}</p>
          <p className="font-mono text-lg break-all" data-testid="totp-secret">
            {setup.secret}
          </p>
          <a
            href={setup.totpUri}
            className="focus-ring inline-block rounded text-sm font-medium text-brand-700 underline dark:text-brand-100"
          >
            {t("security.openApp")}
          </a>
        </div>
      </div>
      <CodeForm redirectTo={loaderData.redirectTo} error={error} />
    </Card>
  );
}
