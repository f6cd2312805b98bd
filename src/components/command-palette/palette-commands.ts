import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Keyboard, ListPlus, LogOut, Sparkles, Upload, Workflow } from 'lucide-react'
import { meQuery } from '@/api/queries/session'
import { roleAllows } from '@/api/roles'
import { usePermission } from '@/lib/permissions'
import { areasFor } from '../shell/areas'
import { useSignOut } from '../shell/use-sign-out'
import { useShortcutsHelp } from '../ui/shortcuts'
import { matchesText, type PaletteGroup } from './palette-entry'

/** The screens and actions, narrowed to those whose name contains `text`. */
export function usePaletteCommands(text: string): PaletteGroup[] {
  const { data: me } = useSuspenseQuery(meQuery())
  const navigate = useNavigate()
  const signOut = useSignOut()
  const openHelp = useShortcutsHelp()
  const creatingPlaylist = usePermission('createPlaylist')
  const screens = [
    ...areasFor(me.role).map((area) => ({
      id: `screen:${area.to}`,
      label: area.label,
      detail: 'Screen',
      icon: area.icon,
      run: () => void navigate({ to: area.to }),
    })),
  ]
  const actions = [
    {
      id: 'action:upload',
      label: 'Upload videos',
      icon: Upload,
      run: () => void navigate({ to: '/uploads' }),
    },
    {
      id: 'action:new-playlist',
      label: 'New playlist',
      icon: ListPlus,
      disabledReason: creatingPlaylist.reason,
      run: () => void navigate({ to: '/playlists', search: { create: true } }),
    },
    {
      id: 'action:new-rule',
      label: 'New rule',
      icon: Workflow,
      disabledReason: roleAllows(me.role, 'editor')
        ? undefined
        : 'Editors can write, try and apply rules',
      run: () => void navigate({ to: '/rules/new' }),
    },
    {
      id: 'action:review',
      label: 'Review AI matches',
      icon: Sparkles,
      run: () => void navigate({ to: '/matches' }),
    },
    ...(openHelp
      ? [{ id: 'action:shortcuts', label: 'Keyboard shortcuts', icon: Keyboard, run: openHelp }]
      : []),
    { id: 'action:sign-out', label: 'Sign out', icon: LogOut, run: () => void signOut() },
  ]
  return [
    { label: 'Go to', entries: screens.filter((entry) => matchesText(text, entry.label)) },
    { label: 'Actions', entries: actions.filter((entry) => matchesText(text, entry.label)) },
  ]
}
