import { createFileRoute } from '@tanstack/react-router'
import { InviteScreen } from '@/features/account/invite-screen'

export const Route = createFileRoute('/invite')({ component: InviteScreen })
