import { escapeHtml } from '../../../lib/escape-html';

const CSS = `
*{box-sizing:border-box}body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif;color:#1c1917;background:#fafaf9;line-height:1.5}
.bar{background:#fef3c7;color:#78350f;text-align:center;font-size:13px;font-weight:600;padding:8px 12px;border-bottom:1px solid #fde68a}
.wrap{max-width:980px;margin:0 auto;padding:32px 20px;display:grid;gap:32px}
@media(min-width:820px){.wrap{grid-template-columns:1fr 1fr;padding:56px 24px;gap:56px}}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;color:#57534e;text-decoration:none}
.brand b{font-family:Georgia,serif;font-size:22px;color:#881337}
.pill{display:inline-block;background:#fde68a;color:#78350f;border-radius:999px;font-size:11px;font-weight:700;padding:2px 8px;letter-spacing:.04em;text-transform:uppercase}
h1{font-family:Georgia,serif;font-weight:600;font-size:28px;margin:24px 0 4px}
.price{font-size:40px;font-weight:700;letter-spacing:-.02em;margin:8px 0}
.muted{color:#78716c;font-size:14px}.small{font-size:13px}
.card{background:#fff;border-radius:24px;padding:28px;box-shadow:0 1px 2px rgba(0,0,0,.04);border:1px solid #e7e5e4}
.line{display:flex;justify-content:space-between;padding:10px 0;border-bottom:1px solid #f5f5f4;font-size:15px}
.line.total{font-weight:700;border:0}
label{display:block;font-size:14px;font-weight:600;margin:16px 0 6px}
input{width:100%;font:inherit;font-size:16px;padding:11px 14px;border:1px solid #d6d3d1;border-radius:12px;background:#fff;color:#1c1917}
input:focus{outline:3px solid #fecdd3;border-color:#be185d}
input[readonly]{background:#f5f5f4;color:#57534e}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.err{color:#b91c1c;font-size:13px;margin-top:4px}
.alert{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;border-radius:12px;padding:12px 14px;font-size:14px;margin-bottom:8px}
.ok{background:#ecfdf5;color:#065f46;border:1px solid #a7f3d0;border-radius:12px;padding:12px 14px;font-size:14px;margin-bottom:8px}
button,.btn{display:inline-flex;justify-content:center;align-items:center;width:100%;font:inherit;font-weight:700;font-size:16px;border:0;border-radius:999px;padding:14px 20px;margin-top:24px;background:#9f1239;color:#fff;cursor:pointer;text-decoration:none}
button:hover{background:#881337}button:focus-visible,a:focus-visible{outline:3px solid #fb7185;outline-offset:2px}
.btn.secondary,button.secondary{background:#fff;color:#1c1917;border:1px solid #d6d3d1}
.hint{background:#f5f5f4;border-radius:14px;padding:12px 14px;font-size:13px;color:#44403c;margin-top:20px}
code{font-family:ui-monospace,monospace;background:#fff;border:1px solid #e7e5e4;border-radius:6px;padding:1px 5px}
a{color:#9f1239}
`;

/** A standalone page in the style of a hosted payment page, always flagged as test mode. */
export function sandboxPage(opts: { title: string; body: string }) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(opts.title)}</title><style>${CSS}</style></head>
<body><div class="bar" role="note">TEST MODE · Sandbox payments: no real card is charged and card numbers are never stored</div>${opts.body}</body></html>`;
}

export const field = (o: { id: string; label: string; value?: string; error?: string; attrs: string }) =>
  `<label for="${o.id}">${escapeHtml(o.label)}</label><input id="${o.id}" name="${o.id}" value="${escapeHtml(o.value ?? '')}" ${o.attrs}${o.error ? ` aria-invalid="true" aria-describedby="${o.id}-err"` : ''}>${o.error ? `<p class="err" id="${o.id}-err">${escapeHtml(o.error)}</p>` : ''}`;
