import { ArrowLeft } from "lucide-react";
import { Fragment } from "react";
import { Link } from "react-router";
import { brand } from "~/platform/lib/brand";
import { RevealEmail } from "~/platform/ui/reveal-email";
import type { LegalDocument } from "./legal-document";
import { useTranslation } from "~/platform/i18n";

const ADDRESSES = {
  privacyEmail: brand.emails.privacy,
  supportEmail: brand.emails.support,
} as const;

/** Replaces `{{privacyEmail}}`-style tokens with a click-to-reveal address (SPEC §2). */
function WithAddresses({ text, revealLabel }: { text: string; revealLabel: string }) {
  const parts = text.split(/(\{\{(?:privacyEmail|supportEmail)\}\})/);
  return (
    <>
      {parts.map((part, index) => {
        const token = /^\{\{(\w+)\}\}$/.exec(part)?.[1] as keyof typeof ADDRESSES | undefined;
        if (!token || !(token in ADDRESSES)) return <Fragment key={index}>{part}</Fragment>;
        const [user = "", domain = ""] = ADDRESSES[token].split("@");
        return <RevealEmail key={index} user={user} domain={domain} label={revealLabel} />;
      })}
    </>
  );
}

export function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation(["navigation", "common"]);
  const reveal = t("common:revealEmail");
  return (
    <article lang={document.language} className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <Link
        to={brand.homePath}
        className="focus-ring inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("navigation:backToHome")}
      </Link>
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight">{document.title}</h1>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
        <time dateTime={document.updated}>{document.updated}</time>
      </p>
      <p className="mt-6 text-lg text-slate-700 dark:text-slate-300">
        <WithAddresses text={document.intro} revealLabel={reveal} />
      </p>
      <nav
        aria-label={document.title}
        className="mt-8 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
      >
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          {document.sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="focus-ring rounded text-brand-700 hover:underline dark:text-brand-300"
              >
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section) => (
        <section key={section.id} id={section.id} className="mt-10 scroll-mt-24">
          <h2 className="text-2xl font-bold">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 text-slate-700 dark:text-slate-300">
              <WithAddresses text={paragraph} revealLabel={reveal} />
            </p>
          ))}
          {section.list ? (
            <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
              {section.list.map((item) => (
                <li key={item}>
                  <WithAddresses text={item} revealLabel={reveal} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
