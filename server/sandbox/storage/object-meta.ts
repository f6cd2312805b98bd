/** The sidecar stored next to each object's bytes. */
export interface ObjectMeta {
  key: string
  size: number
  contentType?: string
  /** Quoted, as S3 sends it. */
  etag: string
  lastModified: string
  /**
   * A multipart object keeps its parts, `{root}/segments/{id}/{index}`, instead of a data file:
   * copying them into one file would cost seconds per GiB at completion.
   */
  segments?: { id: string; sizes: number[] }
}

/** What the writer of an object says about it. */
export interface ObjectFields {
  contentType?: string
  etag: string
}

export function newMeta(key: string, size: number, fields: ObjectFields): ObjectMeta {
  return {
    key,
    size,
    ...(fields.contentType ? { contentType: fields.contentType } : {}),
    etag: fields.etag,
    lastModified: new Date().toISOString(),
  }
}
