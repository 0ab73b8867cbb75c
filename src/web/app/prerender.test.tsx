// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from './app-providers';
import { prerender, PRERENDERED_PATHS } from './prerender';
import { createRouter } from './router';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The live events a signed-in page listens to: nothing arrives here. */
class SilentEventSource {
  onmessage = null;
  close() {}
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  localStorage.clear();
  vi.unstubAllGlobals();
});

// Decision 184: a page drawn at build time is taken over by the browser where it stands. A mismatch would make
// React log an error (which fails the test, tests/support/fail-on-console-error.ts) and draw the page again.
describe.each(PRERENDERED_PATHS)('the page drawn at build time for %s', (pathname) => {
  it('is hydrated as drawn, keeping its elements, even with a signed-in copy left in this browser', async () => {
    const html = await prerender(pathname);
    expect(html).toContain('<h1');
    // the server has not answered yet (the page shows what it shows before that)
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    vi.stubGlobal('EventSource', SilentEventSource);
    // someone whose session ended elsewhere: the local copy must not change the first render
    localStorage.setItem('tress.me', JSON.stringify({ id: 'u1', email: 'a@example.com', name: '', credits: 3, professional: null }));
    window.history.replaceState(null, '', pathname);
    document.body.innerHTML = `<div id="root">${html}</div>`;
    const container = document.getElementById('root')!;
    const heading = container.querySelector('h1');
    const router = await createRouter();
    await act(async () => {
      root = hydrateRoot(
        container,
        <AppProviders queryClient={createQueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>,
      );
    });
    expect(container.querySelector('h1')).toBe(heading);
  });
});

describe('the landing drawn at build time', () => {
  it('carries the hero’s words and the signed-out top bar', async () => {
    const html = await prerender('/');
    expect(html).toContain('See the colour on');
    expect(html).toContain('Upload a selfie and describe a colour in plain words.');
    expect(html).toContain('Start for Free');
    expect(html).not.toMatch(/^<link/);
  });
});
