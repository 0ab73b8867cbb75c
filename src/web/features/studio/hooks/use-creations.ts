import { useQuery } from '@tanstack/react-query';
import { studioApi } from '../api/studio-api';

/** The signed-in user's latest creations; refetched when a `creations` live event arrives (use-me). */
export function useCreations(limit: number, enabled = true) {
  return useQuery({
    queryKey: ['creations', limit],
    queryFn: ({ signal }) => studioApi.listCreations(limit, signal),
    enabled,
    staleTime: 15_000,
  });
}
