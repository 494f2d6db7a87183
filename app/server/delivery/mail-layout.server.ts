import { escapeHtml } from "~/domain/html";

/** The frame of every e-mail the site sends, visitors' and staff's alike. */
export function layoutHtml(title: string, bodyHtml: string): string {
  // Narrow mail clients: one fluid column, small outer margins, nothing wider than the screen.
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#faf7f2;color:#1f1b16;font-family:Georgia,'Times New Roman',serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border:1px solid #ddd3c5;border-radius:16px" cellpadding="0" cellspacing="0"><tr><td style="padding:24px 20px;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.55;word-wrap:break-word">
<p style="margin:0 0 20px;font-family:Georgia,serif;font-size:20px;letter-spacing:.12em">MAISON IVY</p>
${bodyHtml}
</td></tr></table></td></tr></table></body></html>`;
}
