import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '@web/components/ui/loading-screen';
import { useMe } from '../hooks/use-me';

/** Spec §2 signed-in-only guard: Loading while the session loads, then /login remembering where we were. */
export function RequireAuth({ children, loadingLabel }: { children: ReactNode; loadingLabel?: string }) {
  const { me, loading } = useMe();
  const location = useLocation();
  if (loading) return <LoadingScreen label={loadingLabel} />;
  if (!me) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

/**
 * Spec §2 professional-only guard: signed out → /login; signed in but not an active professional →
 * /partners. With `allowSubscribed`, a subscribed partner whose profile is not yet complete is let in
 * (decision 051: the page that completes the profile must be reachable).
 */
export function RequireProfessional({ children, allowSubscribed = false }: { children: ReactNode; allowSubscribed?: boolean }) {
  const { me, loading } = useMe();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (!me) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  const ok = me.professional.active || (allowSubscribed && me.professional.subscribed);
  if (!ok) return <Navigate to="/partners" replace />;
  return <>{children}</>;
}
