import { brand } from "./brand";

type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

/** A public page's title, description, Open Graph tags and canonical link, at its path. */
export function publicPageMeta(
  matches: Matches,
  { path, title, description }: { path: string; title: string; description: string },
) {
  const root = matches.find((match) => match?.id === "root")?.data as
    { appUrl?: string } | undefined;
  const url = `${root?.appUrl ?? ""}${path}`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand.fullName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { tagName: "link", rel: "canonical", href: url },
  ];
}
