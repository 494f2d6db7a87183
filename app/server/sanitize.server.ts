/**
 * Blog bodies are HTML stored in the database (staff paste them in), so they
 * are cleaned on the server before any page renders them: only a small set of
 * text-formatting tags survives, links keep nothing but a safe href, and every
 * script, style, event handler and embedded object is dropped.
 */
import sanitizeHtml from "sanitize-html";

/**
 * `span` is kept only so a link that cannot stay a link has somewhere to go (see `a` below); it carries no
 * attribute, so it is plain text to the reader.
 */
const ALLOWED_TAGS = ["p", "h2", "h3", "ul", "ol", "li", "a", "span", "strong", "em", "blockquote"];
const LINK_SCHEMES = ["http", "https", "mailto", "tel"];

/**
 * Whether a link may keep its address: one on this site, or an http(s), mailto: or tel: address, read as a
 * browser reads it (so tabs inside "java\tscript:" or a scheme in capitals change nothing). Protocol-relative
 * addresses ("//elsewhere") are refused: they would take the page's scheme to a host the author did not spell out.
 */
function linkable(href: string, origin: string): boolean {
  if (/^\s*[\\/]{2}/.test(href)) return false;
  try {
    return LINK_SCHEMES.includes(new URL(href, origin).protocol.slice(0, -1));
  } catch {
    return false;
  }
}

/** An http(s) link to another origin; relative links, mailto: and tel: are not. */
function leavesTheSite(href: string, origin: string): boolean {
  const url = new URL(href, origin);
  return (url.protocol === "http:" || url.protocol === "https:") && url.origin !== new URL(origin).origin;
}

/**
 * Safe HTML for a blog post body. `origin` is the site's own origin: links
 * elsewhere get rel="noopener"; links within the site keep no rel at all.
 * A link whose address may not stay (javascript:, data:, none at all) becomes
 * its words in a bare `span`: an `<a>` without an address would look like a
 * link and do nothing. The page already has its h1 (the title), so a stray h1
 * becomes h2 and deeper headings become h3, keeping the outline intact
 * instead of flattening the text.
 */
export function sanitizeBlogHtml(html: string, origin: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ["href", "rel"] },
    allowedSchemes: LINK_SCHEMES,
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
      // The words of a link that cannot stay one go into a span, an allowed tag: sanitize-html closes a renamed tag
      // it then discards under the wrong name (a later </a> came out as </span>), so renaming must land on a kept tag.
      a: (tagName, attribs): sanitizeHtml.Tag => {
        const href = attribs.href;
        if (href === undefined || !linkable(href, origin)) return { tagName: "span", attribs: {} };
        // Whatever rel the author wrote is replaced: ours says what we mean.
        return { tagName, attribs: leavesTheSite(href, origin) ? { href, rel: "noopener" } : { href } };
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

/** The tags that open or close a block of text: plain text puts a space at each. */
const BLOCK_TAGS = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "ul", "ol", "blockquote", "br", "div"];
const blockBoundary = new RegExp(`<(/?)(${BLOCK_TAGS.join("|")})\\b`, "gi");

/**
 * The readable text of an HTML fragment, for excerpts and descriptions:
 * every tag gone, entities decoded, blocks separated by a space and runs of
 * whitespace collapsed. Rendered as React text, so it is escaped again there.
 */
export function htmlToPlainText(html: string): string {
  // A space before each block boundary keeps "end.</p><p>Next" from reading "end.Next".
  const spaced = html.replace(blockBoundary, " <$1$2");
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return unescapeText(text).replace(/\s+/g, " ").trim();
}

/**
 * The fragment without its headings, words and all, every other block kept
 * (its inline tags, and whatever is not text, already gone).
 */
function withoutHeadings(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: BLOCK_TAGS,
    allowedAttributes: {},
    exclusiveFilter: (frame) => /^h[1-6]$/.test(frame.tag),
  });
}

/**
 * The opening of an HTML body as plain text: at most `max` characters, ended
 * at a word boundary where one is near, plus "…" when something was cut.
 * It opens on the body's own sentences: its headings are left out, as a
 * heading run into the sentence after it has no stop between them ("Keep it
 * glossy A gloss every…"). A body of headings alone gives their words.
 */
export function htmlExcerpt(html: string, max: number): string {
  const text = htmlToPlainText(withoutHeadings(html)) || htmlToPlainText(html);
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
