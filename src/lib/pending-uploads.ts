// Files dropped somewhere else in the app (the library) wait here for the uploads screen to take
// them: features do not import each other, and File objects cannot travel in the URL.

let pending: File[] = []

export function handOverFiles(files: File[]) {
  pending = [...pending, ...files]
}

/** The files handed over since the last call; each file is taken once. */
export function takeHandedOverFiles(): File[] {
  const files = pending
  pending = []
  return files
}
