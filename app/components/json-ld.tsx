import { jsonLdText } from "~/domain/structured-data";

/**
 * Structured data for search engines. A data block, not a script: browsers
 * never run it, and `jsonLdText` writes "<" as \u003c so its content can't
 * end the element early.
 */
export function JsonLd({ data }: { data: unknown }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: data, never run, escaped as above
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
