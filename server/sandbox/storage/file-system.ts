import { copyFile, link, rmdir } from 'node:fs/promises'
import { dirname } from 'node:path'

export function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT'
}

/** Filesystems without hard links (some network and FAT mounts) get a copy. */
export async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to)
  } catch (error) {
    if (isNotFound(error)) throw error
    await copyFile(from, to)
  }
}

/** Removes `dir` and its parents while they are empty, up to (not including) `stopAt`. */
export async function removeEmptyDirs(dir: string, stopAt: string): Promise<void> {
  let current = dir
  while (current.startsWith(`${stopAt}/`)) {
    try {
      await rmdir(current)
    } catch {
      return
    }
    current = dirname(current)
  }
}
