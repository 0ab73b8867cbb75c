// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isStaleChunk, RootError } from './root-error';

afterEach(cleanup);
beforeEach(() => sessionStorage.clear());

/** A page that fails while drawing, under the root error element, as in the app's router. */
function showFailing(error: Error) {
  const Failing = () => {
    throw error;
  };
  const router = createMemoryRouter([{ path: '/', element: <Failing />, errorElement: <RootError /> }]);
  return render(<RouterProvider router={router} />);
}

describe('the root error page', () => {
  it('tells the person what happened and offers a reload, not the router’s developer page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the thrown error; expected here
    showFailing(new Error('boom'));
    expect(screen.getByRole('heading', { name: 'Something went wrong on this page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.queryByText(/boom/)).toBeNull();
  });

  it('recognises a code chunk missing after a deploy, in each browser’s words', () => {
    expect(isStaleChunk(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isStaleChunk(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleChunk(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isStaleChunk(new Error('boom'))).toBe(false);
  });
});
