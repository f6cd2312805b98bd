import { checkCredential, type SigningIdentity, signingKeyFor } from './request-auth.ts'
import { accessDenied, S3Error, signatureDoesNotMatch } from './s3-error.ts'
import { hexEquals, parseAmzDate, SIGV4_ALGORITHM, signHex } from './sigv4.ts'

export interface ContentLengthRange {
  min: number
  max: number
}

export interface VerifiedPost {
  /** The object key, with `${filename}` replaced. */
  key: string
  contentLengthRange?: ContentLengthRange
}

/** S3 replaces this in the key field with the uploaded file's name. */
const FILENAME_VARIABLE = '$' + '{filename}'

/** Form fields S3 never expects a policy condition for. */
const UNCONDITIONED_FIELDS = new Set(['x-amz-signature', 'file', 'policy'])

/**
 * Verifies a browser POST upload before its file is received: the SigV4 signature of the base64
 * policy, the policy's expiration, and that every form field is allowed by a condition.
 * `fields` holds the form fields by lowercase name.
 */
export function verifyPostPolicy(input: {
  fields: Map<string, string>
  bucket: string
  filename: string | undefined
  identity: SigningIdentity
  now: number
}): VerifiedPost {
  const { fields, bucket, identity, now } = input
  const required = (name: string, display: string) => {
    const value = fields.get(name)
    if (value === undefined) {
      throw new S3Error(
        400,
        'InvalidArgument',
        `Bucket POST must contain a field named '${display}'.  If it is specified, please check the order of the fields.`,
        {
          ArgumentName: display,
        },
      )
    }
    return value
  }
  const algorithm = required('x-amz-algorithm', 'X-Amz-Algorithm')
  if (algorithm !== SIGV4_ALGORITHM) {
    throw new S3Error(
      400,
      'InvalidArgument',
      'Only AWS4-HMAC-SHA256 POST signatures are supported.',
    )
  }
  const credential = required('x-amz-credential', 'X-Amz-Credential')
  const amzDate = required('x-amz-date', 'X-Amz-Date')
  const policyBase64 = required('policy', 'Policy')
  const signature = required('x-amz-signature', 'X-Amz-Signature')
  const rawKey = required('key', 'key')
  if (parseAmzDate(amzDate) === undefined) {
    throw new S3Error(400, 'InvalidArgument', 'X-Amz-Date must be in ISO8601 basic format.')
  }
  const scope = checkCredential(
    credential,
    amzDate,
    identity,
    (message) => new S3Error(400, 'InvalidArgument', message),
  )
  const expected = signHex(signingKeyFor(identity, scope), policyBase64)
  if (!hexEquals(expected, signature)) throw signatureDoesNotMatch()

  const policy = decodePolicy(policyBase64)
  const expiration = Date.parse(policy.expiration)
  if (Number.isNaN(expiration)) throw invalidPolicy('Invalid Policy: Invalid expiration.')
  if (now > expiration) throw accessDenied('Invalid according to Policy: Policy expired.')

  const key =
    input.filename === undefined ? rawKey : rawKey.replaceAll(FILENAME_VARIABLE, input.filename)
  const fieldValue = (field: string) => {
    if (field === 'bucket') return bucket
    if (field === 'key') return key
    return fields.get(field)
  }
  const conditioned = new Set<string>()
  let contentLengthRange: ContentLengthRange | undefined
  for (const condition of policy.conditions) {
    const check = parseCondition(condition)
    if (check.kind === 'content-length-range') {
      contentLengthRange = { min: check.min, max: check.max }
      continue
    }
    conditioned.add(check.field)
    const value = fieldValue(check.field) ?? ''
    const passes = check.kind === 'eq' ? value === check.value : value.startsWith(check.value)
    if (!passes) {
      throw accessDenied(
        `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`,
      )
    }
  }
  const extra = [...fields.keys()].filter(
    (name) =>
      !UNCONDITIONED_FIELDS.has(name) && !name.startsWith('x-ignore-') && !conditioned.has(name),
  )
  if (extra.length > 0) {
    throw accessDenied(`Invalid according to Policy: Extra input fields: ${extra.join(', ')}`)
  }
  return { key, ...(contentLengthRange ? { contentLengthRange } : {}) }
}

interface PostPolicy {
  expiration: string
  conditions: unknown[]
}

function decodePolicy(policyBase64: string): PostPolicy {
  let policy: unknown
  try {
    policy = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8'))
  } catch {
    throw invalidPolicy('Invalid Policy: Invalid JSON.')
  }
  const candidate = policy as Partial<PostPolicy> | null
  if (typeof candidate?.expiration !== 'string') {
    throw invalidPolicy('Invalid Policy: Policy missing expiration.')
  }
  if (!Array.isArray(candidate.conditions)) {
    throw invalidPolicy('Invalid Policy: Policy missing conditions.')
  }
  return { expiration: candidate.expiration, conditions: candidate.conditions }
}

type Condition =
  | { kind: 'eq' | 'starts-with'; field: string; value: string }
  | { kind: 'content-length-range'; min: number; max: number }

function parseCondition(condition: unknown): Condition {
  if (Array.isArray(condition)) {
    const [operator, first, second] = condition as unknown[]
    const op = String(operator).toLowerCase()
    if (op === 'content-length-range') {
      const min = Number(first)
      const max = Number(second)
      if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < min) {
        throw invalidPolicy('Invalid Policy: Invalid content-length-range.')
      }
      return { kind: 'content-length-range', min, max }
    }
    if (
      (op === 'eq' || op === 'starts-with') &&
      typeof first === 'string' &&
      first.startsWith('$')
    ) {
      return { kind: op, field: first.slice(1).toLowerCase(), value: String(second ?? '') }
    }
    throw invalidPolicy(`Invalid Policy: Invalid Condition: ${JSON.stringify(condition)}`)
  }
  if (condition && typeof condition === 'object') {
    const entries = Object.entries(condition)
    const [entry] = entries
    if (entries.length === 1 && entry) {
      return { kind: 'eq', field: entry[0].toLowerCase(), value: String(entry[1]) }
    }
  }
  throw invalidPolicy(`Invalid Policy: Invalid Condition: ${JSON.stringify(condition)}`)
}

function invalidPolicy(message: string): S3Error {
  return new S3Error(400, 'InvalidPolicyDocument', message)
}
