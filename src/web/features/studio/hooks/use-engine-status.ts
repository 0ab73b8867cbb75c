import { useQuery } from '@tanstack/react-query';
import type { EngineStatus } from '@shared/studio/engine-status';
import { call } from '@web/lib/api';

/**
 * What this server's engine can do (haircuts or colour only, which matte). Until it answers, the studio
 * and the library assume colour only: asking for a confirmation that turns out unneeded costs a click,
 * the other way round would cost a credit.
 */
export function useEngineStatus(): EngineStatus {
  const { data } = useQuery({
    queryKey: ['engine-status'],
    queryFn: ({ signal }) => call('GET /api/engine', undefined, { signal }),
    staleTime: 5 * 60_000,
    // the matte is 'loading' until the engine has started: ask again shortly
    refetchInterval: (q) => (q.state.data?.matte === 'loading' ? 5000 : false),
  });
  return data ?? { shapes: false, generative: 'none', paused: false, matte: 'loading' };
}
