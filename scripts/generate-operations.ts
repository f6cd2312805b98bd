import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

// The contract's operations under /api/v1 as a table (operation id, method, path template, tags):
// the dashboard server forwards only these and decides each role's access from it, and the app
// reads it to show what a role may do. Run by `npm run generate`; scripts/check-generated.sh
// fails when it is stale.

const root = fileURLToPath(new URL('../', import.meta.url))
const methods = ['get', 'put', 'post', 'patch', 'delete'] as const

interface Operation {
  operationId: string
  tags?: string[]
}

export function operationsTable(contractYaml: string): string {
  const contract = parse(contractYaml) as { paths: Record<string, Record<string, Operation>> }
  const rows = Object.entries(contract.paths)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, item]) =>
      methods
        .filter((method) => item[method])
        .map((method) => {
          const operation = item[method] as Operation
          return `  { operationId: '${operation.operationId}', method: '${method.toUpperCase()}', path: '${path}', tags: [${(operation.tags ?? []).map((tag) => `'${tag}'`).join(', ')}] },`
        }),
    )
  return `// Generated from openapi/service.yaml by scripts/generate-operations.ts. Do not edit.\n\nexport const operations = [\n${rows.join('\n')}\n] as const\n\nexport type OperationId = (typeof operations)[number]['operationId']\n`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const table = operationsTable(readFileSync(`${root}openapi/service.yaml`, 'utf8'))
  writeFileSync(`${root}src/api/operations.gen.ts`, table)
}
