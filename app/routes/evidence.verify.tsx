import { BadgeCheck, CircleAlert, FileWarning, FileX, KeyRound, SearchX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, data, href, useNavigation } from "react-router";
import { organisationName } from "~/domain/compliance/index.server";
import {
  type Verification,
  verifyEvidenceLink,
  verifyEvidenceRequest,
} from "~/domain/evidence/index.server";
import { SignedRecord } from "~/domain/evidence/signed-facts";
import { addEnglishNamespaces, i18nForMatches, useTranslation } from "~/platform/i18n";
import { requestInfoContext } from "~/platform/lib/request-context";
import { Button } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { Field, controlClass } from "~/platform/ui/field";
import { numberFormat } from "~/platform/lib/intl";
import evidence from "../../locales/en/evidence.json";
import type { Route } from "./+types/evidence.verify";

addEnglishNamespaces({ evidence });

// /evidence/verify: the public check of an evidence kit or id (no sign-in, not indexed). The
// forms post to this page's action, so the check works without JavaScript; API clients use
// POST /api/evidence/verify, which runs the same check.
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [
    { title: `${t("evidence:verifyPage.title")} | Kestrel` },
    { name: "robots", content: "noindex" },
  ];
};

export function headers() {
  return { "X-Robots-Tag": "noindex", "Cache-Control": "no-store" };
}

type PageError = "nothing" | "tooLarge" | "tooDeep" | "unreadable" | "rateLimited";

/** Opened from an evidence PDF's QR code: the id in the link is checked at once. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const outcome = await verifyEvidenceLink(
    url,
    context.get(requestInfoContext).clientIp,
    organisationName,
  );
  const evidenceId = url.searchParams.get("evidenceId")?.slice(0, 64) ?? "";
  const token = url.searchParams.get("token")?.slice(0, 64) ?? "";
  if (!outcome) return { linked: null, evidenceId, token };
  const page = (linked: { verification: Verification | null; error: PageError | null }) => ({
    linked,
    evidenceId,
    token,
  });
  if (outcome.kind === "checked") return page({ verification: outcome.verification, error: null });
  // Over the limit, the page says so and the status does too, with when to come back.
  if (outcome.kind === "rate-limited") {
    return data(page({ verification: null, error: "rateLimited" }), {
      status: 429,
      headers: { "Retry-After": String(outcome.retryAfterSeconds) },
    });
  }
  return page({ verification: null, error: "nothing" });
}

const REFUSALS: Record<number, PageError> = { 413: "tooLarge", 422: "tooDeep" };

export async function action({ request, context }: Route.ActionArgs) {
  const failed = (error: PageError, status: number, init: ResponseInit = {}) =>
    data({ verification: null, error }, { ...init, status });
  let outcome;
  try {
    outcome = await verifyEvidenceRequest(
      request,
      context.get(requestInfoContext).clientIp,
      organisationName,
    );
  } catch (thrown) {
    // The API's refusals (413 and the like), told on the page instead.
    if (!(thrown instanceof Response)) throw thrown;
    const error = REFUSALS[thrown.status] ?? "unreadable";
    return failed(error, thrown.status);
  }
  switch (outcome.kind) {
    case "rate-limited":
      return failed("rateLimited", 429, {
        headers: { "Retry-After": String(outcome.retryAfterSeconds) },
      });
    case "nothing-to-check":
      return failed("nothing", 400);
    case "checked":
      return { verification: outcome.verification, error: null };
  }
}

export default function VerifyEvidence({ loaderData, actionData: posted }: Route.ComponentProps) {
  const { t } = useTranslation(["evidence", "errors"]);
  const actionData = posted ?? loaderData.linked ?? undefined;
  const busy = useNavigation().state === "submitting";
  const result = useRef<HTMLDivElement>(null);
  // After a check made without leaving the page, the answer is where focus goes next.
  useEffect(() => {
    if (actionData) result.current?.focus();
  }, [actionData]);
  const error = actionData?.error;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("verifyPage.title")}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("verifyPage.intro")}</p>
      {actionData ? (
        <div
          ref={result}
          tabIndex={-1}
          aria-labelledby="evidence-result-heading"
          className="focus-ring mt-8 rounded-2xl"
          data-testid="evidence-result"
        >
          <h2 id="evidence-result-heading" className="sr-only">
            {t("verifyPage.resultHeading")}
          </h2>
          {actionData.verification ? (
            <Outcome verification={actionData.verification} />
          ) : (
            <Card>
              <p className="font-medium text-red-700 dark:text-red-400">
                {error === "rateLimited"
                  ? t("errors:rate_limited")
                  : t(`verifyPage.errors.${error ?? "unreadable"}`)}
              </p>
            </Card>
          )}
        </div>
      ) : null}
      <Card className="mt-8">
        <h2 className="text-lg font-bold">{t("verifyPage.fileHeading")}</h2>
        <FileDrop>
          <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3">
            <Field label={t("verifyPage.fileLabel")} htmlFor="evidence-file">
              <input
                id="evidence-file"
                name="file"
                type="file"
                required
                accept=".json,.pdf,.csv,.zip,application/json,application/pdf,text/csv,application/zip"
                className={`${controlClass} file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 dark:file:bg-slate-800 dark:file:text-slate-100`}
              />
            </Field>
            <div>
              <Button type="submit" disabled={busy}>
                {t("verifyPage.fileButton")}
              </Button>
            </div>
          </Form>
        </FileDrop>
      </Card>
      <Card className="mt-6">
        <h2 className="text-lg font-bold">{t("verifyPage.idHeading")}</h2>
        <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-col gap-3">
          <Field
            label={t("verifyPage.idLabel")}
            htmlFor="evidence-id"
            hint={<span id="evidence-id-hint">{t("verifyPage.idHint")}</span>}
          >
            <input
              id="evidence-id"
              name="evidenceId"
              required
              maxLength={64}
              defaultValue={loaderData.evidenceId}
              autoComplete="off"
              spellCheck={false}
              aria-describedby="evidence-id-hint"
              className={`${controlClass} font-mono uppercase`}
            />
          </Field>
          {loaderData.token ? <input type="hidden" name="token" value={loaderData.token} /> : null}
          <div>
            <Button type="submit" disabled={busy}>
              {t("verifyPage.idButton")}
            </Button>
          </div>
        </Form>
      </Card>
      <Card className="mt-6">
        <h2 className="text-lg font-bold">{t("verifyPage.verifierHeading")}</h2>
        <p className="mt-2 text-sm">{t("verifyPage.verifierIntro")}</p>
        <ul className="mt-3 space-y-2 text-sm">
          <li>
            <a
              className="focus-ring underline"
              href={href("/evidence/verifier/:file", { file: "verify.html" })}
              download
            >
              {t("verifyPage.verifierHtml")}
            </a>
          </li>
          <li>
            <a
              className="focus-ring underline"
              href={href("/evidence/verifier/:file", { file: "verify-evidence.mjs" })}
              download
            >
              {t("verifyPage.verifierScript")}
            </a>
          </li>
          <li>
            <a className="focus-ring underline" href={href("/.well-known/jwks.json")}>
              {t("verifyPage.json")}
            </a>
          </li>
        </ul>
      </Card>
    </div>
  );
}

/**
 * A file dropped anywhere on the card is checked at once, as if chosen and sent: the form's own
 * input and submit, so the check is the same with or without a mouse.
 */
function FileDrop({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation("evidence");
  const [over, setOver] = useState(false);
  const zone = useRef<HTMLDivElement>(null);
  const drop = (event: React.DragEvent) => {
    event.preventDefault();
    setOver(false);
    const input = zone.current?.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input || event.dataTransfer.files.length === 0) return;
    input.files = event.dataTransfer.files;
    input.form?.requestSubmit();
  };
  return (
    <div
      ref={zone}
      data-testid="evidence-drop"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`mt-3 rounded-xl border-2 border-dashed p-4 ${
        over
          ? "border-emerald-600 bg-emerald-50 dark:bg-emerald-950"
          : "border-slate-300 dark:border-slate-600"
      }`}
    >
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t("verifyPage.dropHint")}</p>
      {children}
    </div>
  );
}

const TONES = {
  verified: { Icon: BadgeCheck, className: "border-emerald-600 bg-emerald-50 dark:bg-emerald-950" },
  altered: { Icon: FileWarning, className: "border-red-600 bg-red-50 dark:bg-red-950" },
  tampered: { Icon: CircleAlert, className: "border-red-600 bg-red-50 dark:bg-red-950" },
  unknown: { Icon: SearchX, className: "border-slate-500 bg-slate-50 dark:bg-slate-950" },
  "unknown-key": { Icon: KeyRound, className: "border-amber-600 bg-amber-50 dark:bg-amber-950" },
  "not-a-kit": { Icon: FileX, className: "border-slate-500 bg-slate-50 dark:bg-slate-950" },
} as const;

function Outcome({ verification }: { verification: Verification }) {
  const { t, i18n } = useTranslation("evidence");
  const { Icon, className } = TONES[verification.status];
  let title: string;
  let body: string;
  let rows: [string, string][] = [];
  switch (verification.status) {
    case "verified": {
      const { details, file, signed } = verification;
      title = file ? t("verifyPage.issued") : t("verifyPage.verified");
      body = file
        ? t("verifyPage.issuedBody")
        : signed.length > 0
          ? t("verifyPage.verifiedBody")
          : t("verifyPage.verifiedById");
      rows = file
        ? [
            [t("verifyPage.fileName"), file.name],
            [t("verifyPage.description"), file.description],
            [t("verifyPage.issuedAt"), file.issuedAt],
            [t("verifyPage.registeredIn"), file.registeredIn],
            [t("verifyPage.sha256"), file.sha256],
            [t("verifyPage.size"), `${numberFormat(i18n.language, {}).format(file.bytes)} B`],
          ]
        : [
            [t("verifyPage.evidenceId"), details.evidenceId],
            [t("verifyPage.kind"), t(`kinds.${details.kind}`)],
            [t("verifyPage.sequence"), String(details.sequence)],
            [t("verifyPage.timestamp"), details.timestamp],
            [t("verifyPage.keyId"), details.keyId],
          ];
      break;
    }
    case "altered":
      title = t("verifyPage.altered");
      body = t("verifyPage.alteredBody");
      rows = [
        [t("verifyPage.sha256"), verification.details.sha256],
        [
          t("verifyPage.size"),
          `${numberFormat(i18n.language, {}).format(verification.details.bytes)} B`,
        ],
      ];
      break;
    case "tampered": {
      const { details } = verification;
      title = t("verifyPage.tampered");
      body = t("verifyPage.tamperedBody");
      rows = [
        [t("verifyPage.field"), details.field],
        [t("verifyPage.expected"), details.expected],
        [t("verifyPage.found"), details.found],
      ];
      break;
    }
    case "unknown":
      title = t("verifyPage.unknown");
      body = t("verifyPage.unknownBody");
      break;
    case "unknown-key":
      title = t("verifyPage.unknownKey");
      body = t("verifyPage.unknownKeyBody", { keyId: verification.details.keyId });
      break;
    case "not-a-kit":
      title = t("verifyPage.notAKit");
      body = t("verifyPage.notAKitBody");
      break;
  }
  const signed = verification.status === "verified" ? verification.signed : [];
  return (
    <div className={signed.length > 0 ? "grid gap-6 lg:grid-cols-2 lg:items-start" : ""}>
      <Card>
        <div className={`rounded-lg border-l-4 p-4 ${className}`}>
          <p
            className="flex items-center gap-2 text-xl font-bold"
            data-testid="evidence-status"
            data-status={verification.status}
          >
            <Icon aria-hidden="true" className="size-6 shrink-0" />
            {title}
          </p>
          <p className="mt-1 break-words">{body}</p>
        </div>
        {rows.length > 0 ? (
          <dl className="mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
                <dd className="font-mono text-sm break-all">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </Card>
      {verification.status === "verified" && signed.length > 0 ? (
        <Card>
          <h3 className="text-lg font-bold">{t("verifyPage.signedHeading")}</h3>
          <div className="mt-3 space-y-4">
            {signed.map((facts) => (
              <SignedRecord key={facts.evidenceId} facts={facts} />
            ))}
          </div>
          {verification.moreSigned > 0 ? (
            <p className="mt-3 text-sm">
              {t("verifyPage.moreSigned", {
                count: verification.moreSigned,
                shown: signed.length,
              })}
            </p>
          ) : null}
        </Card>
      ) : null}
    </div>
  );
}
