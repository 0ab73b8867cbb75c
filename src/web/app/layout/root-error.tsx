import { useRouteError } from 'react-router';
import { Button } from '@web/components/ui/button';

/** Set for this tab when a missing code chunk made the page reload itself, so it happens at most once. */
const RELOADED_KEY = 'tress:reloaded-for-new-version';

/**
 * After a deploy, a page opened before it asks for code chunks the server no longer has. The browser says so in
 * one of these words (Chromium, Firefox, Safari), and a reload fetches the new version.
 */
export function isStaleChunk(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|ChunkLoadError|Unable to preload CSS/i.test(message);
}

/**
 * What a person sees when a page fails to draw, instead of the router's developer page: a plain apology and a
 * reload. A stale code chunk reloads by itself once, since that is the fix and the person did nothing wrong.
 */
export function RootError() {
  const error = useRouteError();
  const stale = isStaleChunk(error);
  if (stale && !sessionStorage.getItem(RELOADED_KEY)) {
    sessionStorage.setItem(RELOADED_KEY, '1');
    window.location.reload();
    return null;
  }
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="font-display text-2xl font-semibold text-stone-900">{stale ? 'Tress has been updated' : 'Something went wrong on this page'}</h1>
      <p className="text-stone-600">
        {stale
          ? 'A newer version is ready. Reload the page to carry on where you were.'
          : 'Sorry about that. Reloading usually fixes it; your credits and saved looks are safe.'}
      </p>
      <Button
        onClick={() => {
          sessionStorage.removeItem(RELOADED_KEY);
          window.location.reload();
        }}
      >
        Reload the page
      </Button>
    </main>
  );
}
