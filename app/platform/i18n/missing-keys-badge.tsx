import { useEffect, useState } from "react";
import { MISSING_KEYS_POLL_MS, getMissingKeys } from "./missing-keys";
import { useTranslation } from "./translation";

/**
 * Development only (SPEC §4 "Region", §9): lists the translation keys the current language lacks,
 * refreshed every 2 s, and copies them to the clipboard for whoever writes the translation.
 */
export default function MissingKeysBadge() {
  const { t, i18n } = useTranslation("common");
  const [keys, setKeys] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    const poll = () =>
      setKeys((current) => {
        const next = getMissingKeys();
        return next.join("\n") === current.join("\n") ? current : next;
      });
    poll();
    const timer = setInterval(poll, MISSING_KEYS_POLL_MS);
    return () => clearInterval(timer);
  }, []);

  if (keys.length === 0) return null;

  return (
    <div className="fixed bottom-4 left-4 z-50 max-w-md text-sm">
      {open ? (
        <div
          role="region"
          aria-label={t("missingKeys.heading", { locale: i18n.language })}
          className="mb-2 max-h-64 overflow-auto rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950 shadow-lg"
        >
          <p className="font-semibold">{t("missingKeys.heading", { locale: i18n.language })}</p>
          <ul className="mt-2 font-mono text-xs">
            {keys.map((key) => (
              <li key={key}>{key}</li>
            ))}
          </ul>
          <button
            type="button"
            className="focus-ring mt-2 rounded bg-amber-600 px-2 py-1 font-semibold text-white"
            onClick={() => {
              void navigator.clipboard.writeText(keys.join("\n")).then(() => setCopied(true));
            }}
          >
            {copied ? t("missingKeys.copied") : t("missingKeys.copy")}
          </button>
        </div>
      ) : null}
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="focus-ring rounded-full bg-amber-500 px-3 py-1.5 font-semibold text-amber-950 shadow"
      >
        {t("missingKeys.badge", { count: keys.length })}
      </button>
    </div>
  );
}
