/**
 * Every response the suite receives is checked against openapi/service.yaml: the operation (path
 * template and method), the status (exact, `4XX`-style or `default`), the content type and the
 * body against that response's schema, with the Ajv 2020 set-up the sandbox validates requests
 * with. A status the contract documents without a body must come without one.
 */
import type { ErrorObject } from 'ajv/dist/2020.js'
import { contractDocument, contractValidator } from '../../../server/sandbox/http/contract.ts'

export interface ReceivedResponse {
  method: string
  /** The request path below the service's base address, without the query. */
  path: string
  status: number
  contentType: string | null
  text: string
}

interface ResponseObject {
  $ref?: string
  content?: Record<string, { schema?: unknown }>
}

interface Operation {
  template: string
  pattern: RegExp
  /** One flag per path segment, true where it is a literal: `/videos/imports/{id}` beats `/videos/{id}/x`. */
  literals: boolean[]
  methods: Map<string, { responses: Record<string, ResponseObject>; pointer: string }>
}

const methodNames = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']

const document = contractDocument as {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>
  components: { responses?: Record<string, ResponseObject> }
}

function escapePointer(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1')
}

const operations: Operation[] = Object.entries(document.paths).map(([template, item]) => {
  const segments = template.split('/')
  const methods = new Map<string, { responses: Record<string, ResponseObject>; pointer: string }>()
  for (const method of methodNames) {
    const operation = item[method]
    if (operation?.responses)
      methods.set(method.toUpperCase(), {
        responses: operation.responses,
        pointer: `/paths/${escapePointer(template)}/${method}/responses`,
      })
  }
  const source = segments
    .map((segment) =>
      /^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/')
  return {
    template,
    pattern: new RegExp(`^${source}$`),
    literals: segments.map((segment) => !segment.startsWith('{')),
    methods,
  }
})

// A literal segment wins over a template at the first place two matching paths differ.
function moreSpecific(a: Operation, b: Operation): number {
  for (let i = 0; i < Math.min(a.literals.length, b.literals.length); i++) {
    if (a.literals[i] !== b.literals[i]) return a.literals[i] ? -1 : 1
  }
  return 0
}

/** The contract's path for a request path; a literal segment beats a template. */
function findOperation(path: string): Operation | undefined {
  return operations.filter((op) => op.pattern.test(path)).sort(moreSpecific)[0]
}

function resolveResponse(
  responses: Record<string, ResponseObject>,
  status: number,
  pointer: string,
): { response: ResponseObject; pointer: string; key: string } | undefined {
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses)
  const found = key === undefined ? undefined : responses[key]
  if (key === undefined || !found) return undefined
  if (!found.$ref) return { response: found, pointer: `${pointer}/${key}`, key }
  const name = found.$ref.replace('#/components/responses/', '')
  const shared = document.components.responses?.[name]
  if (!shared) throw new Error(`The contract's ${found.$ref} does not exist`)
  return { response: shared, pointer: `/components/responses/${escapePointer(name)}`, key }
}

function mediaTypeFor(content: Record<string, unknown>, contentType: string): string | undefined {
  const [type] = contentType.split('/')
  return [contentType, `${type}/*`, '*/*'].find((candidate) => candidate in content)
}

function isJson(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json')
}

function describeError(error: ErrorObject): string {
  const at = error.instancePath || '(the body)'
  const params = error.params as Record<string, unknown>
  if (error.keyword === 'additionalProperties')
    return `${at} has unknown ${params.additionalProperty}`
  if (error.keyword === 'enum') return `${at} must be one of ${String(params.allowedValues)}`
  return `${at} ${error.message ?? 'is invalid'} (${error.schemaPath})`
}

/**
 * What is wrong with a response by the contract, as a sentence naming the operation and the
 * failed rule; undefined when the contract allows it.
 */
export function contractViolation(received: ReceivedResponse): string | undefined {
  const operation = findOperation(received.path)
  const method = received.method.toUpperCase()
  if (!operation) return `${method} ${received.path}: no path in the contract matches it`
  const name = `${method} ${operation.template}`
  const described = operation.methods.get(method)
  if (!described) return `${name}: the contract has no such operation`
  const resolved = resolveResponse(described.responses, received.status, described.pointer)
  if (!resolved) return `${name} answered ${received.status}, a status the contract does not list`
  const { response, pointer } = resolved
  const answered = `${name} answered ${received.status}`
  const contentType = received.contentType?.split(';')[0]?.trim().toLowerCase() || null
  if (!response.content || Object.keys(response.content).length === 0) {
    return received.text === ''
      ? undefined
      : `${answered} with a body, where the contract documents none: ${snippet(received.text)}`
  }
  if (received.text === '') return `${answered} without the body the contract documents`
  const mediaType = contentType ? mediaTypeFor(response.content, contentType) : undefined
  if (!mediaType)
    return `${answered} as ${contentType ?? 'no content type'}; the contract lists ${Object.keys(response.content).join(', ')}`
  if (!isJson(mediaType) || response.content[mediaType]?.schema === undefined) return undefined
  let body: unknown
  try {
    body = JSON.parse(received.text)
  } catch {
    return `${answered} ${mediaType} that is not JSON: ${snippet(received.text)}`
  }
  const validate = contractValidator(`${pointer}/content/${escapePointer(mediaType)}/schema`)
  if (validate(body)) return undefined
  const errors = (validate.errors ?? []).map(describeError).join('; ')
  return `${answered} a body the contract does not allow: ${errors}. Body: ${snippet(received.text)}`
}

function snippet(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}
