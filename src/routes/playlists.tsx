import { createFileRoute } from '@tanstack/react-router'
import { UpcomingArea } from '../components/upcoming-area'

export const Route = createFileRoute('/playlists')({
  component: () => (
    <UpcomingArea
      title="Playlists"
      summary="Curate playlists by drag and drop or keyboard, and pin videos in AI feeds."
    />
  ),
})
