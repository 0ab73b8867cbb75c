import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app-providers';
import { routes } from './router';

/** The public pages drawn at build time, as a signed-out visitor first sees them (decision 184). */
export const PRERENDERED_PATHS = ['/'];

/**
 * A public page drawn as a signed-out visitor first sees it, at build time (decision 184): what the browser
 * would draw once its JavaScript ran, with nothing loaded from the server yet. The browser hydrates it.
 */
export async function prerender(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender')));
  if (context instanceof Response) throw new Error(`prerender ${pathname}: the router answered ${context.status}`);
  const html = renderToString(
    <AppProviders queryClient={createQueryClient()}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </AppProviders>,
  );
  // React puts its own preload hints first (a root has no <head> to hoist them to): the server's page has its own
  return html.replace(/^(?:<link [^>]*\/>)+/, '');
}
