/** Per-page title, description, canonical link and Open Graph tags, built the same way on every page. */

export const SITE_NAME = "Maison Ivy";

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the page, e.g. "/team-info"; made absolute with the site's public origin. */
  path: string;
  origin: string;
  image?: string;
  type?: "website" | "article";
  noIndex?: boolean;
}

export function pageMeta({
  title,
  description,
  path,
  origin,
  image = "/images/og.svg",
  type = "website",
  noIndex,
}: PageSeo) {
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  const url = new URL(path, origin).href;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:image", content: new URL(image, origin).href },
    { name: "twitter:card", content: "summary_large_image" },
    ...(noIndex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
