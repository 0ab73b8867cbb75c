import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

function render(source: string): string {
  const router = createMemoryRouter([{ path: '/', element: createElement(Markdown, { source }) }]);
  return renderToStaticMarkup(createElement(RouterProvider, { router }));
}

describe('blog Markdown', () => {
  it('renders headings, paragraphs, lists, emphasis and links', () => {
    const html = render('## Title\n\nSome **bold** and *soft* text with [a link](/styles).\n\n- one\n- two\n\n1. first\n2. second');
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>soft</em>');
    expect(html).toContain('href="/styles"');
    expect(html).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(html).toContain('<ol><li>first</li><li>second</li></ol>');
  });
  it('shows raw HTML as text, never as markup', () => {
    const html = render('Hello <img src=x onerror=alert(1)> <script>alert(2)</script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
  it('drops unsafe link targets and opens external https links in a new tab', () => {
    expect(render('[x](javascript:alert(1))')).not.toContain('href');
    expect(render('[x](//evil.example)')).not.toContain('href');
    expect(render('[x](https://example.com)')).toContain('rel="noopener noreferrer"');
  });
});
