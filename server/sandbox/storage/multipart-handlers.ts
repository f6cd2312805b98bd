import { isNotFound } from './file-system.ts'
import { MAX_PART_NUMBER, noSuchUpload, type RequestedPart } from './multipart-uploads.ts'
import { openRequestPayload, readSmallPayload } from './request-payload.ts'
import { sendEmpty, sendXml } from './responses.ts'
import { S3Error } from './s3-error.ts'
import type { AuthenticatedExchange } from './store-context.ts'
import type { WrittenFile } from './temp-files.ts'
import { xmlDocument, xmlElements, xmlTexts } from './xml.ts'

const MAX_COMPLETE_BODY = 2 * 1024 * 1024

export async function createMultipartUpload(ex: AuthenticatedExchange): Promise<void> {
  const { req, res, s3, store } = ex
  store.objects.checkKey(s3.bucket, s3.key)
  await readSmallPayload(req, s3, ex.auth, ex.body.open(), 0)
  const uploadId = await store.uploads.create(s3.bucket, s3.key, req.headers['content-type'])
  sendXml(
    res,
    200,
    xmlDocument(
      'InitiateMultipartUploadResult',
      xmlElements({ Bucket: s3.bucket, Key: s3.key, UploadId: uploadId }),
    ),
  )
}

export async function uploadPart(ex: AuthenticatedExchange, uploadId: string): Promise<void> {
  const { req, res, s3, store } = ex
  const partNumber = parsePartNumber(s3.query.get('partNumber') ?? '')
  const upload = await store.uploads.get(uploadId, s3.bucket, s3.key)
  const payload = openRequestPayload(req, s3, ex.auth, ex.body.open())
  let file: WrittenFile | undefined
  try {
    file = await store.temp.write(payload.data)
    payload.verify()
    const part = await store.uploads.savePart(upload, partNumber, file)
    file = undefined
    sendEmpty(res, 200, { ETag: part.etag })
  } finally {
    await store.temp.discard(file)
  }
}

export async function completeMultipartUpload(
  ex: AuthenticatedExchange,
  uploadId: string,
): Promise<void> {
  const { req, res, s3, store } = ex
  const upload = await store.uploads.get(uploadId, s3.bucket, s3.key)
  const body = await readSmallPayload(req, s3, ex.auth, ex.body.open(), MAX_COMPLETE_BODY)
  const requested = parseCompleteRequest(body.toString('utf8'))
  const { parts, etag } = await store.uploads.completion(upload, requested)
  try {
    await store.objects.commitSegments(s3.bucket, s3.key, parts, {
      ...(upload.contentType ? { contentType: upload.contentType } : {}),
      etag,
    })
  } catch (error) {
    // A concurrent abort or completion took the parts away.
    if (isNotFound(error)) throw noSuchUpload(uploadId)
    throw error
  }
  await store.uploads.remove(uploadId)
  const location = `http://${req.headers.host ?? 'localhost'}${s3.rawPath}`
  sendXml(
    res,
    200,
    xmlDocument(
      'CompleteMultipartUploadResult',
      xmlElements({ Location: location, Bucket: s3.bucket, Key: s3.key, ETag: etag }),
    ),
  )
}

export async function abortMultipartUpload(
  ex: AuthenticatedExchange,
  uploadId: string,
): Promise<void> {
  await ex.store.uploads.get(uploadId, ex.s3.bucket, ex.s3.key)
  await ex.store.uploads.remove(uploadId)
  sendEmpty(ex.res, 204)
}

export async function listParts(ex: AuthenticatedExchange, uploadId: string): Promise<void> {
  const { res, s3, store } = ex
  const upload = await store.uploads.get(uploadId, s3.bucket, s3.key)
  const marker = Number(s3.query.get('part-number-marker') ?? 0) || 0
  const maxParts = Math.min(Number(s3.query.get('max-parts') ?? 1000) || 1000, 1000)
  const after = (await store.uploads.listParts(upload)).filter((part) => part.partNumber > marker)
  const page = after.slice(0, maxParts)
  const truncated = after.length > page.length
  const parts = page
    .map(
      (part) =>
        `<Part>${xmlElements({
          PartNumber: part.partNumber,
          LastModified: part.lastModified,
          ETag: part.etag,
          Size: part.size,
        })}</Part>`,
    )
    .join('')
  sendXml(
    res,
    200,
    xmlDocument(
      'ListPartsResult',
      xmlElements({
        Bucket: s3.bucket,
        Key: s3.key,
        UploadId: uploadId,
        PartNumberMarker: marker,
        NextPartNumberMarker: page.at(-1)?.partNumber ?? marker,
        MaxParts: maxParts,
        IsTruncated: String(truncated),
        StorageClass: 'STANDARD',
      }) + parts,
    ),
  )
}

function parsePartNumber(text: string): number {
  const partNumber = /^\d+$/.test(text) ? Number(text) : Number.NaN
  if (!(partNumber >= 1 && partNumber <= MAX_PART_NUMBER)) {
    throw new S3Error(
      400,
      'InvalidArgument',
      'Part number must be an integer between 1 and 10000, inclusive',
      {
        ArgumentName: 'partNumber',
        ArgumentValue: text,
      },
    )
  }
  return partNumber
}

function parseCompleteRequest(xml: string): RequestedPart[] {
  if (!/<CompleteMultipartUpload[\s>]/.test(xml)) throw malformedXml()
  return xmlTexts(xml, 'Part').map((part) => {
    const [partNumberText] = xmlTexts(part, 'PartNumber')
    const [etag] = xmlTexts(part, 'ETag')
    const partNumber = Number(partNumberText)
    if (!Number.isInteger(partNumber) || etag === undefined) throw malformedXml()
    return { partNumber, etag }
  })
}

function malformedXml(): S3Error {
  return new S3Error(
    400,
    'MalformedXML',
    'The XML you provided was not well-formed or did not validate against our published schema',
  )
}
