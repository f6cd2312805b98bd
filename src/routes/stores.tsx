import { createFileRoute } from '@tanstack/react-router'
import { UpcomingArea } from '../components/upcoming-area'

export const Route = createFileRoute('/stores')({
  component: () => (
    <UpcomingArea
      title="Stores"
      summary="Manage your business stores and their product catalogs."
    />
  ),
})
