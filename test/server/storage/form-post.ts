import type { SinglePostSignature } from '../../../server/sandbox/storage/storage-client.ts'

/** The form a browser builds from a SinglePostSignature: the fields in order, then the file. */
export function signatureFields(
  signature: SinglePostSignature,
  contentType: string,
): Array<[string, string]> {
  return [
    ['key', signature.key],
    ['acl', signature.acl],
    ['X-Amz-Algorithm', signature.algorithm],
    ['X-Amz-Credential', signature.credential],
    ['X-Amz-Date', signature.date],
    ['Policy', signature.policy],
    ['X-Amz-Signature', signature.signature],
    ['Content-Type', contentType],
  ]
}

export async function postForm(
  url: string,
  fields: Array<[string, string]>,
  file: Buffer<ArrayBuffer>,
  filename = 'video.mp4',
): Promise<Response> {
  const form = new FormData()
  for (const [name, value] of fields) form.append(name, value)
  form.append('file', new Blob([file]), filename)
  return fetch(url, { method: 'POST', body: form })
}

export function replaceField(
  fields: Array<[string, string]>,
  name: string,
  value: string,
): Array<[string, string]> {
  return fields.map(([field, current]) => [field, field === name ? value : current])
}
