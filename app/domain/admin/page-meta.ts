import { i18nForMatches } from "~/platform/i18n";

type Matches = Parameters<typeof i18nForMatches>[0];

/** An admin page's title ("Waitlist | Kestrel admin"), kept out of search engines. */
export function adminPageMeta(matches: Matches, heading: string) {
  const { t } = i18nForMatches(matches);
  return [
    { title: t("admin:meta.page", { page: t(heading as never) }) },
    { name: "robots", content: "noindex" },
  ];
}
