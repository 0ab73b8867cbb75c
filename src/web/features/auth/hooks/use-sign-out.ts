import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authClient } from '../auth-client';
import { clearLocalMe, ME_KEY } from './use-me';

/** Forgets the signed-in user in this tab (the server side is already done) and goes to `to`. */
export function useForgetSession() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return (to: string) => {
    clearLocalMe();
    qc.setQueryData(ME_KEY, null);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    navigate(to);
  };
}

export function useSignOut() {
  const forget = useForgetSession();
  return async () => {
    await authClient.signOut().catch(() => undefined);
    forget('/');
  };
}

/** Signs out every session of the account, this one included; a failure is thrown for the page to show. */
export function useSignOutEverywhere() {
  const forget = useForgetSession();
  return async () => {
    await authClient.signOutEverywhere();
    forget('/login?signed-out=everywhere');
  };
}
