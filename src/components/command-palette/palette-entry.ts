import type { LucideIcon } from 'lucide-react'

/** One line of the palette: a screen, an action or something found. */
export interface PaletteEntry {
  id: string
  label: string
  /** What it is or where it lives ("Playlist", "Product in Demo Store · SKU-1"). */
  detail?: string
  icon: LucideIcon
  run: () => void
  /** Why it cannot be run by this account; it stays listed, saying so. */
  disabledReason?: string
}

export interface PaletteGroup {
  label: string
  entries: PaletteEntry[]
}

export const matchesText = (text: string, ...candidates: Array<string | null | undefined>) => {
  const needle = text.trim().toLowerCase()
  return !needle || candidates.some((candidate) => candidate?.toLowerCase().includes(needle))
}
