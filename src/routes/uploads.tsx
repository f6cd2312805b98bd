import { createFileRoute } from '@tanstack/react-router'
import { UpcomingArea } from '../components/upcoming-area'

export const Route = createFileRoute('/uploads')({
  component: () => (
    <UpcomingArea
      title="Uploads"
      summary="Upload videos straight from your computer to storage, single and multipart, with resume."
    />
  ),
})
