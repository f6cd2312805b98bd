import { createFileRoute } from '@tanstack/react-router'
import { UpcomingArea } from '../components/upcoming-area'

export const Route = createFileRoute('/matches')({
  component: () => (
    <UpcomingArea
      title="AI matches"
      summary="Review the AI's suggested product matches for your videos, keyboard-fast."
    />
  ),
})
