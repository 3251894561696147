import { useEffect, useRef } from "react";
import { href } from "react-router";
import { useTranslation } from "~/platform/i18n";
import { openWaitlist } from "~/platform/lib/waitlist-trigger";
import { ButtonLink, buttonClasses } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { LOGIN_WAITLIST_PATH } from "./constants";

/** An email the pilot does not include: the waitlist opens with it filled in (SPEC §4). */
export function NotInPilot({ email }: { email: string }) {
  const { t } = useTranslation();
  const join = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // Focus comes back here when the waitlist closes.
    join.current?.focus();
    openWaitlist({ source: "login", email });
  }, [email]);
  return (
    <Card className="text-center" role="status">
      <h1 className="text-2xl font-bold">{t("auth.notInPilotTitle")}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        {t("auth.notInPilotBody", { email })}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <a
          ref={join}
          href={LOGIN_WAITLIST_PATH}
          className={buttonClasses()}
          onClick={(event) => {
            event.preventDefault();
            openWaitlist({ source: "login", email });
          }}
        >
          {t("auth.joinWaitlist")}
        </a>
        <ButtonLink to={href("/login")} reloadDocument variant="secondary">
          {t("auth.otherEmail")}
        </ButtonLink>
      </div>
    </Card>
  );
}
