/**
 * The one rule for "a path on this site", wherever an address typed by staff
 * or carried in a link is followed or printed as a link: it starts with a
 * single "/", and neither as written nor percent-decoded does it start with
 * "//" or "/\" or hold a backslash or a control character, and as written it has no space (browsers
 * read "/\evil.example" and "/%2F%2Fevil.example"-style tricks as another host).
 */
const UNSAFE = /[\\\p{Cc}]/u;

const safe = (path: string) => path.startsWith("/") && !/^\/[/\\]/.test(path) && !UNSAFE.test(path);

export function isSitePath(value: string): boolean {
  if (!safe(value) || /\s/.test(value)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return false;
  }
  return safe(decoded);
}

/** How React Router asks for a page's data instead of its HTML: the page's path and this ending. */
const DATA_SUFFIX = ".data";
/** The data request of the site's root, which has no last segment to carry the ending. */
const ROOT_DATA = `/_root${DATA_SUFFIX}`;

/**
 * The page a request is for, whichever way it was asked: a browser without
 * JavaScript posts to the page's own path (`/staff/content/news`), React
 * Router in the browser to its data form (`/staff/content/news.data`, and
 * `/_root.data` for `/`). Every rule keyed on a route (what a body may
 * weigh, which screens are downloads, where to come back to after signing
 * in) reads the path through this, so the two spellings cannot be treated
 * apart. The path is otherwise as given (case and percent-encoding kept).
 */
export function pagePathOf(pathname: string): string {
  if (pathname === ROOT_DATA) return "/";
  return pathname.endsWith(DATA_SUFFIX) ? pathname.slice(0, -DATA_SUFFIX.length) : pathname;
}
