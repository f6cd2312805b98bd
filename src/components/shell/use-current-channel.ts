import { useSuspenseQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { channelsQuery } from '@/api/queries/channels'

/** The business's channels and the one the URL names (the first without one). */
export function useCurrentChannel() {
  const { data: channels } = useSuspenseQuery(channelsQuery())
  // Only the channel: the top bar need not render again as a screen's other search terms change
  // (each keystroke of a search, each video of the review).
  const channel = useSearch({
    strict: false,
    select: (search: { channel?: string }) => search.channel,
  })
  const current = channels.find((c) => c.id === channel)?.id ?? channels[0]?.id ?? ''
  return { channels, current }
}
