import { Button } from '../ui/button'
import { Kbd } from '../ui/kbd'
import { useShortcutsHelp } from '../ui/shortcuts'

export function ShortcutsButton() {
  const openHelp = useShortcutsHelp()
  if (!openHelp) return null
  return (
    <Button
      variant="quiet"
      size="sm"
      onClick={openHelp}
      aria-keyshortcuts="?"
      className="whitespace-nowrap"
    >
      Keyboard shortcuts
      <span aria-hidden="true">
        <Kbd>?</Kbd>
      </span>
    </Button>
  )
}
