import { readFileSync } from 'node:fs'
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { parse } from 'yaml'
import { ApiError } from './api-error.ts'

// Request bodies are checked against openapi/service.yaml itself, so the sandbox enforces exactly
// the bounds, patterns and unknown-field rules the contract publishes (the generated zod schemas
// drop additionalProperties and propertyNames, which the service does enforce).
const contractUrl = new URL('../../../openapi/service.yaml', import.meta.url)
const contract = parse(readFileSync(contractUrl, 'utf8'))

const ajv = new Ajv2020({ strict: false, allErrors: false, coerceTypes: false })
addFormats.default(ajv)
ajv.addSchema(contract, 'contract')

/** The parsed contract, for code that walks it (the conformance suite checks responses by it). */
export const contractDocument: unknown = contract

const validators = new Map<string, ValidateFunction>()

/** A validator for the schema at a JSON pointer into the contract, such as a response's schema. */
export function contractValidator(pointer: string): ValidateFunction {
  let validate = validators.get(pointer)
  if (!validate) {
    validate = ajv.getSchema(`contract#${pointer}`)
    if (!validate) throw new Error(`No schema at ${pointer} in the contract`)
    validators.set(pointer, validate)
  }
  return validate
}

export function contractSchema(name: string): ValidateFunction {
  return contractValidator(`/components/schemas/${name}`)
}

// The documents answer structural mistakes (wrong type, missing or unknown field, bad enum, list
// sizes) with 400 and well-formed values that break a rule (length, range, pattern) with 422.
const structuralKeywords = new Set([
  'type',
  'required',
  'additionalProperties',
  'unevaluatedProperties',
  'enum',
  'const',
  'minItems',
  'maxItems',
  'oneOf',
  'anyOf',
])

export function validateBody<Body>(
  schema: string,
  body: unknown,
  statusOverrides: Record<string, number> = {},
): Body {
  const validate = contractSchema(schema)
  if (validate(body)) return body as Body
  const error = (validate.errors ?? [])[0]
  if (!error) throw new ApiError(400, 'Invalid request body')
  const field = fieldName(error)
  // A missing field is always a 400; overrides change how a present but invalid value is answered.
  const override = error.keyword === 'required' ? undefined : statusOverrides[field]
  const status = override ?? (structuralKeywords.has(error.keyword) ? 400 : 422)
  throw new ApiError(status, describe(error, field))
}

function fieldName(error: ErrorObject): string {
  const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.')
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty
    return path ? `${path}.${missing}` : missing
  }
  return path
}

function describe(error: ErrorObject, field: string): string {
  switch (error.keyword) {
    case 'required':
      return `${field} is required`
    case 'additionalProperties':
      return `unknown field ${qualify(field, (error.params as { additionalProperty: string }).additionalProperty)}`
    case 'unevaluatedProperties':
      return `unknown field ${qualify(field, (error.params as { unevaluatedProperty: string }).unevaluatedProperty)}`
    case 'enum':
      return `${field || 'value'} must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map(String).join(', ')}`
    case 'propertyNames':
      return `${field || 'object'} has an invalid key (keys must match ^[a-z0-9_]{1,255}$)`
    default:
      return `${field || 'body'} ${error.message ?? 'is invalid'}`
  }
}

function qualify(parent: string, name: string): string {
  return parent ? `${parent}.${name}` : name
}
