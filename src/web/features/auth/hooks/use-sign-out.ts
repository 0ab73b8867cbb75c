import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authClient } from '../auth-client';
import { clearLocalMe, ME_KEY } from './use-me';

export function useSignOut() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await authClient.signOut().catch(() => undefined);
    clearLocalMe();
    qc.setQueryData(ME_KEY, null);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    navigate('/');
  };
}

/**
 * After the server ended every session (sign out everywhere, a deleted account): a full load of `to`, so
 * nothing of the account stays in this tab's memory and no signed-in page's guard or live update races
 * the notice `to` carries.
 */
export function leaveSignedOut(to: string) {
  clearLocalMe();
  window.location.replace(to);
}

/** Signs out every session of the account, this one included; a failure is thrown for the page to show. */
export async function signOutEverywhere() {
  await authClient.signOutEverywhere();
  leaveSignedOut('/login?signed-out=everywhere');
}
