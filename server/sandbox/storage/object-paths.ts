import { join } from 'node:path'
import { S3Error } from './s3-error.ts'

const MAX_KEY_BYTES = 1024
const MAX_FILE_NAME_BYTES = 255
const META_SUFFIX = '@meta.json'

/**
 * Where an object lives on disk: `{root}/{bucket}/{segment}/.../{last}@data`, with its metadata in
 * `{last}@meta.json`. Segments are percent-encoded, which never produces '@', so a file name can
 * never collide with a directory made for a longer key (S3 allows both `a` and `a/b`), and an
 * empty segment (`a//b`) becomes the directory '@'. Keys with '.' or '..' segments are refused.
 */
export interface ObjectPaths {
  dir: string
  data: string
  meta: string
}

export function objectPaths(root: string, bucket: string, key: string): ObjectPaths {
  if (key === '') throw new S3Error(400, 'InvalidArgument', 'An object key is required.')
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) {
    throw new S3Error(400, 'KeyTooLongError', 'Your key is too long')
  }
  const segments = key.split('/')
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    throw new S3Error(
      400,
      'InvalidArgument',
      'Object keys may not contain "." or ".." path segments.',
      {
        ArgumentName: 'key',
        ArgumentValue: key,
      },
    )
  }
  const encoded = segments.map((segment) => encodeURIComponent(segment))
  const fileStem = encoded.pop() ?? ''
  if (Buffer.byteLength(fileStem + META_SUFFIX) > MAX_FILE_NAME_BYTES) {
    throw new S3Error(400, 'KeyTooLongError', 'A segment of your key is too long for this store')
  }
  const dirs = encoded.map((segment) => {
    if (Buffer.byteLength(segment) > MAX_FILE_NAME_BYTES) {
      throw new S3Error(400, 'KeyTooLongError', 'A segment of your key is too long for this store')
    }
    return segment === '' ? '@' : segment
  })
  const dir = join(root, encodeURIComponent(bucket), ...dirs)
  return { dir, data: join(dir, `${fileStem}@data`), meta: join(dir, `${fileStem}${META_SUFFIX}`) }
}
