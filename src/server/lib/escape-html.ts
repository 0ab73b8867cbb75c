const MAP: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes user text placed into server-rendered HTML (emails, meta tags). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => MAP[c]);
