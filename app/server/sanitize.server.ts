/**
 * Blog bodies are HTML stored in the database (staff paste them in), so they
 * are cleaned on the server before any page renders them: only a small set of
 * text-formatting tags survives, links keep nothing but a safe href, and every
 * script, style, event handler and embedded object is dropped.
 */
import sanitizeHtml from "sanitize-html";

const ALLOWED_TAGS = ["p", "h2", "h3", "ul", "ol", "li", "a", "strong", "em", "blockquote"];

/** An http(s) link to another origin; relative links, mailto: and tel: are not. */
function leavesTheSite(href: string, origin: string): boolean {
  try {
    const url = new URL(href, origin);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin !== new URL(origin).origin;
  } catch {
    return false;
  }
}

/**
 * Safe HTML for a blog post body. `origin` is the site's own origin: links
 * elsewhere get rel="noopener"; links within the site keep no rel at all.
 * The page already has its h1 (the title), so a stray h1 becomes h2 and deeper
 * headings become h3, keeping the outline intact instead of flattening the text.
 */
export function sanitizeBlogHtml(html: string, origin: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ["href", "rel"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: {},
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    transformTags: {
      h1: "h2",
      h4: "h3",
      h5: "h3",
      h6: "h3",
      b: "strong",
      i: "em",
      a: (tagName, attribs) => {
        const href = attribs.href;
        // Whatever rel the author wrote is replaced: ours says what we mean.
        const attributes: Record<string, string> = {};
        // Protocol-relative links are refused (allowProtocolRelative below); drop them here too so no rel is left behind.
        if (href !== undefined && !/^\s*[\\/]{2}/.test(href)) {
          attributes.href = href;
          if (leavesTheSite(href, origin)) attributes.rel = "noopener";
        }
        return { tagName, attribs: attributes };
      },
    },
  });
}

/** The inverse of sanitize-html's own text escaping (&, <, > and "). */
function unescapeText(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

/**
 * The readable text of an HTML fragment, for excerpts and descriptions:
 * every tag gone, entities decoded, blocks separated by a space and runs of
 * whitespace collapsed. Rendered as React text, so it is escaped again there.
 */
export function htmlToPlainText(html: string): string {
  // A space before each block boundary keeps "end.</p><p>Next" from reading "end.Next".
  const spaced = html.replace(/<(\/?)(p|h[1-6]|li|ul|ol|blockquote|br|div)\b/gi, " <$1$2");
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return unescapeText(text).replace(/\s+/g, " ").trim();
}

/**
 * The opening of an HTML body as plain text: at most `max` characters, ended
 * at a word boundary where one is near, plus "…" when something was cut.
 */
export function htmlExcerpt(html: string, max: number): string {
  const text = htmlToPlainText(html);
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  let end = max;
  if (!/\s/.test(chars[max] ?? "")) {
    // The cut falls inside a word: end at the previous space, unless that would lose too much.
    const space = chars.slice(0, max).lastIndexOf(" ");
    if (space > max * 0.6) end = space;
  }
  return `${chars
    .slice(0, end)
    .join("")
    .replace(/[\s,;:–—-]+$/u, "")}…`;
}
