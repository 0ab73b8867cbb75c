import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { Me } from '@shared/auth';
import { ApiError, call } from '@web/lib/api';
import { forgetKept } from '@web/lib/studio-keep';

const LOCAL_KEY = 'tress.me';
export const ME_KEY = ['me'] as const;

/** Spec §3 "local session copy": the last known user and credits, painted at once on reload. */
function readLocal(): Me | undefined {
  try {
    const raw = localStorage.getItem(LOCAL_KEY);
    return raw ? (JSON.parse(raw) as Me) : undefined;
  } catch {
    return undefined;
  }
}
/** Set at the first sign-in on this browser and kept after sign-out: a visitor with it has an account. */
const RETURNING_KEY = 'tress.returning';

/** Whether someone has signed in on this browser before; a first-time visitor is offered account creation instead of sign-in. */
export function isReturningVisitor(): boolean {
  try {
    return localStorage.getItem(RETURNING_KEY) === '1';
  } catch {
    return false;
  }
}

function writeLocal(me: Me | null) {
  try {
    if (me) localStorage.setItem(RETURNING_KEY, '1');
    if (me) localStorage.setItem(LOCAL_KEY, JSON.stringify(me));
    else localStorage.removeItem(LOCAL_KEY);
  } catch {
    /* storage full or disabled: the server copy still works */
  }
}

async function fetchMe(): Promise<Me | null> {
  try {
    const me = await call('GET /api/me');
    writeLocal(me);
    return me;
  } catch (e) {
    if (e instanceof ApiError && e.code === 'unauthenticated') {
      writeLocal(null);
      return null;
    }
    throw e;
  }
}

/**
 * The signed-in user (null when signed out). `loading` is true only until the server has answered
 * once; until then the local copy is shown so the header never flashes.
 */
const noChanges = () => () => undefined;

export function useMe() {
  // A page the server drew for a signed-out visitor (decision 184) must first render as drawn: the local copy
  // (someone whose session ended elsewhere) is shown from the render right after, not in the one that hydrates.
  const hydrated = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const q = useQuery({ queryKey: ME_KEY, queryFn: fetchMe, placeholderData: hydrated ? readLocal : undefined, staleTime: 30_000, retry: 1 });
  return { me: q.data ?? null, loading: q.isPlaceholderData || q.isPending, refresh: q.refetch };
}

const loadEventSchema = () => import('@shared/events').then((m) => m.LiveEventSchema);

/** Keeps credits and professional status live over SSE while someone is signed in. */
export function useLiveMe(userId: string | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const source = new EventSource('/api/events');
    // zod loads with the first event (credits spent, a subscription started), not with every page: it
    // stays out of every route's initial JavaScript (decision 162).
    let schema: ReturnType<typeof loadEventSchema> | undefined;
    source.onmessage = async (msg) => {
      schema ??= loadEventSchema();
      const parsed = (await schema).safeParse(JSON.parse(msg.data));
      if (!parsed.success) return;
      const event = parsed.data;
      qc.setQueryData<Me | null>(ME_KEY, (me) => {
        if (!me) return me;
        const next =
          event.type === 'credits'
            ? { ...me, credits: event.credits }
            : event.type === 'professional'
              ? { ...me, professional: { ...me.professional, isPartner: true, active: event.active, subscribed: event.subscribed, slug: event.slug } }
              : me;
        writeLocal(next);
        return next;
      });
      if (event.type === 'creations') void qc.invalidateQueries({ queryKey: ['creations'] });
      window.dispatchEvent(new CustomEvent('tress:live', { detail: event }));
    };
    return () => source.close();
  }, [userId, qc]);
}

/** The session ended on this browser: nothing of it stays, the studio's kept photo included (decision 175). */
export function clearLocalMe() {
  writeLocal(null);
  void forgetKept();
}
