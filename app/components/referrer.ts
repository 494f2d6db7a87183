/** In the browser: the visitor arrived by following a link on one of our own pages, not a shared link or another site. */
export function cameFromThisSite(): boolean {
  if (!document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}
