import { escapeHtml } from "~/domain/html";

/** The card's width in CSS pixels: as wide as desktop clients show comfortably, narrowed to the screen on phones. */
const MAIL_WIDTH = 560;

/**
 * The frame of every e-mail the site sends, visitors' and staff's alike.
 * The card is a table as wide as the screen up to 560 px (`width:100%` with
 * `max-width`): a table 560 px wide by attribute stayed 560 px on a phone,
 * `max-width:100%` having nothing to resolve against inside a table cell,
 * and its prices ran off the screen. Desktop Outlook, whose Word engine
 * drops much of CSS (max-width included), gets a 560 px table around it in
 * a conditional comment only it reads. Colours are `bgcolor` attributes as
 * well as styles; no flex, grid or background images.
 */
export function layoutHtml(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#faf7f2;color:#1f1b16;font-family:Georgia,'Times New Roman',serif">
<table role="presentation" width="100%" bgcolor="#faf7f2" cellpadding="0" cellspacing="0" border="0"><tr><td align="center" style="padding:16px 8px">
<!--[if mso]><table role="presentation" width="${MAIL_WIDTH}" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" align="center" bgcolor="#ffffff" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:${MAIL_WIDTH}px;background:#ffffff;border:1px solid #ddd3c5;border-radius:16px"><tr><td style="padding:24px 20px;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.55;word-wrap:break-word">
<p style="margin:0 0 20px;font-family:Georgia,serif;font-size:20px;letter-spacing:.12em">MAISON IVY</p>
${bodyHtml}
</td></tr></table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr></table></body></html>`;
}

/**
 * A link drawn as a button that desktop Outlook draws too ("bulletproof"):
 * the colour and padding are on a table cell (`bgcolor`), which every client
 * paints, the link inside it. `outline` is a white button with a dark border.
 */
export function mailButton(href: string, label: string, look: "solid" | "outline"): string {
  const [background, colour] = look === "solid" ? ["#1f1b16", "#faf7f2"] : ["#ffffff", "#1f1b16"];
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 8px"><tr><td align="center" bgcolor="${background}" style="padding:12px 20px;background:${background};border:1px solid #1f1b16;border-radius:999px"><a href="${escapeHtml(href)}" style="color:${colour};font-family:Helvetica,Arial,sans-serif;font-size:16px;font-weight:bold;text-decoration:none">${escapeHtml(label)}</a></td></tr></table>`;
}

/** A tinted box (the first-visit offer) as a table cell with `bgcolor`, which Outlook paints where it drops a div's background. */
export function mailCard(innerHtml: string, background: string): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:20px 0"><tr><td bgcolor="${background}" style="padding:16px;background:${background};border-radius:12px">${innerHtml}</td></tr></table>`;
}
