import {
  ChartPie,
  Clapperboard,
  Film,
  Gauge,
  House,
  ListVideo,
  type LucideIcon,
  ScrollText,
  Sparkles,
  Store,
  Upload,
  UserCheck,
  Users,
  Workflow,
} from 'lucide-react'
import type { Role } from '@/api/roles'

export interface Area {
  to:
    | '/'
    | '/videos'
    | '/uploads'
    | '/playlists'
    | '/stores'
    | '/matches'
    | '/review/calibration'
    | '/review/reviewers'
    | '/coverage'
    | '/rules'
    | '/admin/accounts'
    | '/admin/audit'
  label: string
  icon: LucideIcon
}

const workAreas: readonly Area[] = [
  { to: '/', label: 'Home', icon: House },
  { to: '/videos', label: 'Video library', icon: Film },
  { to: '/uploads', label: 'Uploads', icon: Upload },
  { to: '/playlists', label: 'Playlists', icon: ListVideo },
  { to: '/stores', label: 'Stores', icon: Store },
  { to: '/matches', label: 'AI matches', icon: Sparkles },
  { to: '/review/calibration', label: 'Calibration', icon: Gauge },
  { to: '/review/reviewers', label: 'Reviewers', icon: UserCheck },
  { to: '/coverage', label: 'Coverage', icon: ChartPie },
  { to: '/rules', label: 'Rules', icon: Workflow },
]

const adminAreas: readonly Area[] = [
  { to: '/admin/accounts', label: 'Accounts', icon: Users },
  { to: '/admin/audit', label: 'Audit log', icon: ScrollText },
]

/** The screens the sidebar and the command palette offer to the account's role. */
export function areasFor(role: Role): readonly Area[] {
  return role === 'admin' ? [...workAreas, ...adminAreas] : workAreas
}

export const BrandIcon = Clapperboard
