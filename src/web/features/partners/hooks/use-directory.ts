import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { partnerKeys, partnersApi, type DirectoryParams } from '../api/partners-api';

/** The directory, page by page (infinite scroll); the database does the searching and sorting. */
export function useDirectory(params: DirectoryParams) {
  return useInfiniteQuery({
    queryKey: partnerKeys.directory(params),
    queryFn: ({ pageParam, signal }) => partnersApi.directory(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
