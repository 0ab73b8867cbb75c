import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { LoadingScreen } from '@web/components/ui/loading-screen';
import { useLiveMe, useMe } from '@web/features/auth/public';
import { Footer } from './footer';
import { Header } from './header';

/**
 * Spec §2 global chrome: the header is hidden on / and /app; the footer shows on / or whenever
 * signed out, never under /app.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const { me } = useMe();
  useLiveMe(me?.id);
  const inStudio = pathname === '/app' || pathname.startsWith('/app/');
  const showHeader = pathname !== '/' && !inStudio;
  const showFooter = !inStudio && (pathname === '/' || !me);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-full focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      {showHeader && <Header />}
      <main id="main" className="flex-1">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      {showFooter && <Footer />}
      <ScrollRestoration />
    </div>
  );
}
