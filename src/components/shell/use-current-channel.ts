import { useSuspenseQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { channelsQuery } from '@/api/queries/channels'

/** The business's channels and the one the URL names (the first without one). */
export function useCurrentChannel() {
  const { data: channels } = useSuspenseQuery(channelsQuery())
  const search = useSearch({ strict: false }) as { channel?: string }
  const current = channels.find((c) => c.id === search.channel)?.id ?? channels[0]?.id ?? ''
  return { channels, current }
}
