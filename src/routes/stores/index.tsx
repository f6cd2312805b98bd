import { createFileRoute } from '@tanstack/react-router'
import { storePagesQuery } from '@/api/queries/stores'
import { StoresScreen } from '@/features/stores/stores-screen'

export const Route = createFileRoute('/stores/')({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(storePagesQuery()),
  component: StoresScreen,
})
