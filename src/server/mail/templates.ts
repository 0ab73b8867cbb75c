import { escapeHtml } from '../lib/escape-html';

/** A plain, readable email: one heading, a paragraph and a button, with the link repeated as text. */
export function actionEmail(opts: { heading: string; body: string; action: string; url: string }) {
  const text = `${opts.heading}\n\n${opts.body}\n\n${opts.action}: ${opts.url}\n\n— Tress`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917;max-width:520px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(opts.heading)}</h1><p>${escapeHtml(opts.body)}</p>
<p><a href="${escapeHtml(opts.url)}" style="display:inline-block;background:#be185d;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(opts.action)}</a></p>
<p style="font-size:12px;color:#78716c">Or paste this link into your browser: ${escapeHtml(opts.url)}</p></body></html>`;
  return { text, html };
}
