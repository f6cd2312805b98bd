import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ServiceError } from '@/api/client'
import { setSessionEnded } from '@/lib/session-ended'

const noticeSignedOut = (error: unknown) => {
  if (error instanceof ServiceError && error.status === 401) setSessionEnded(true)
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: noticeSignedOut }),
    mutationCache: new MutationCache({ onError: noticeSignedOut }),
    defaultOptions: {
      queries: {
        // Within this time a revisit is served from the cache without a request.
        staleTime: 30_000,
        gcTime: 10 * 60_000,
        // Retrying a refusal (4xx) cannot succeed; retry outages a little.
        retry: (failures, error) =>
          failures < 2 &&
          !(error instanceof ServiceError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: true,
      },
    },
  })
}
