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
