import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A small Markdown renderer for the blog's own subset (## and ### headings, paragraphs, - and 1.
 * lists, **bold**, *italic*, [links](url)). It builds React elements, never HTML strings, so any
 * HTML in a post is shown as text and cannot inject markup. Links: site paths use the router;
 * external ones must be https and open in a new tab.
 */
export function Markdown({ source }: { source: string }) {
  const blocks = source.replace(/\r\n/g, '\n').split(/\n{2,}/);
  return (
    <>
      {blocks.map((block, i) => {
        const text = block.trim();
        if (text.startsWith('### ')) return <h3 key={i}>{inline(text.slice(4))}</h3>;
        if (text.startsWith('## ')) return <h2 key={i}>{inline(text.slice(3))}</h2>;
        const lines = text.split('\n');
        if (lines.every((l) => /^- /.test(l)))
          return (
            <ul key={i}>
              {lines.map((l, j) => (
                <li key={j}>{inline(l.slice(2))}</li>
              ))}
            </ul>
          );
        if (lines.every((l) => /^\d+\. /.test(l)))
          return (
            <ol key={i}>
              {lines.map((l, j) => (
                <li key={j}>{inline(l.replace(/^\d+\. /, ''))}</li>
              ))}
            </ol>
          );
        return <p key={i}>{inline(lines.join(' '))}</p>;
      })}
    </>
  );
}

const TOKEN = /\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const key = `${at}`;
    if (m[1] !== undefined) out.push(<strong key={key}>{inline(m[1])}</strong>);
    else if (m[2] !== undefined) out.push(<em key={key}>{inline(m[2])}</em>);
    else
      out.push(
        <MdLink key={key} href={m[4]}>
          {inline(m[3])}
        </MdLink>,
      );
    last = at + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out.map((n, i) => (typeof n === 'string' ? <Fragment key={`t${i}`}>{n}</Fragment> : n));
}

function MdLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith('/') && !href.startsWith('//')) return <Link to={href}>{children}</Link>;
  if (href.startsWith('https://')) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return <>{children}</>;
}
