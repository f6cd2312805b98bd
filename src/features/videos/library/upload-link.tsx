import { Link } from '@tanstack/react-router'
import { Button, type ButtonSize, buttonClasses } from '@/components/ui/button'
import type { Permission } from '@/lib/permissions'

// The way to the uploads screen, or, for a role that cannot upload, the same control disabled
// with the reason beside it.
export function UploadLink({ upload, size }: { upload: Permission; size: ButtonSize }) {
  if (!upload.allowed) {
    return (
      <Button variant="primary" size={size} unavailableReason={upload.reason}>
        Upload videos
      </Button>
    )
  }
  return (
    <Link to="/uploads" className={buttonClasses('primary', size)}>
      Upload videos
    </Link>
  )
}
