import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { listChannels } from '../generated/sdk.gen'

export const channelKeys = {
  all: ['channels'] as const,
  list: () => [...channelKeys.all, 'list'] as const,
}

export const channelsQuery = () =>
  queryOptions({
    queryKey: channelKeys.list(),
    queryFn: ({ signal }) =>
      listChannels({ signal, throwOnError: true }).then((response) => response.data.channels),
    staleTime: 5 * 60_000,
  })

// The channel lives in the URL; without one the business's first channel is used.
export async function resolveChannelId(queryClient: QueryClient, requested: string | undefined) {
  const channels = await queryClient.ensureQueryData(channelsQuery())
  return channels.find((channel) => channel.id === requested)?.id ?? channels[0]?.id ?? null
}
