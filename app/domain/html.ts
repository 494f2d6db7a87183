/** What each character that means something in HTML (and XML) is written as in text. */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * The one escape for text put into markup the site writes by hand (e-mails,
 * bare error pages, the sitemap): safe inside an element or a quoted attribute.
 */
export const escapeHtml = (value: unknown) => String(value ?? "").replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
