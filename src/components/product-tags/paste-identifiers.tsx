import { useState } from 'react'
import { Cell, Row } from '@/components/ui/table'
import { describeError } from '../error-panel'
import { Button } from '../ui/button'
import { FieldShell } from '../ui/field'
import { Table } from '../ui/table'
import { TextArea } from '../ui/text-input'
import { type Resolution, resolveIdentifiers, splitIdentifiers } from './resolve-identifiers'

const name = (resolution: Extract<Resolution, { product: unknown }>) =>
  resolution.product.name ?? resolution.product.external_id ?? 'Unnamed product'

function outcome(resolution: Resolution): string {
  switch (resolution.kind) {
    case 'found':
      return `Tags ${name(resolution)} (by ${resolution.by})`
    case 'unknown':
      return 'Skipped: not found in this store'
    case 'tagged':
      return `Skipped: ${name(resolution)} is already tagged`
    case 'duplicate':
      return `Skipped: the same product as “${resolution.sameAs}” (here by ${resolution.by})`
  }
}

// A list of SKUs, GTINs, MPNs, barcodes or ids, checked before anything changes: what each would
// tag, and which would be skipped and why, as the service would resolve them.
export function PasteIdentifiers({
  id,
  storeId,
  tagged,
  onAdd,
}: {
  id: string
  storeId: string
  tagged: ReadonlySet<string>
  onAdd: (productIds: string[]) => void
}) {
  const [text, setText] = useState('')
  const [checking, setChecking] = useState(false)
  const [result, setResult] = useState<Resolution[] | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const check = async () => {
    const identifiers = splitIdentifiers(text)
    if (identifiers.length === 0) return setProblem('Paste at least one identifier.')
    setProblem(null)
    setChecking(true)
    try {
      setResult(await resolveIdentifiers(storeId, identifiers, tagged))
    } catch (error) {
      setProblem(`The identifiers cannot be checked: ${describeError(error).detail}`)
    } finally {
      setChecking(false)
    }
  }
  const adding = result?.filter((each) => each.kind === 'found') ?? []
  return (
    <details className="rounded-md border border-slate-200 p-3">
      <summary className="cursor-pointer text-sm font-medium">Paste identifiers…</summary>
      <div className="mt-3 space-y-3">
        <FieldShell
          id={id}
          label="Identifiers"
          hint="SKU, GTIN, MPN, barcode or external id; one per line or separated by commas. A variant's identifier tags its whole product."
          error={problem}
        >
          {(a11y) => (
            <TextArea
              {...a11y}
              rows={4}
              value={text}
              onChange={(event) => {
                setText(event.target.value)
                setResult(null)
              }}
            />
          )}
        </FieldShell>
        <Button size="sm" busy={checking} busyLabel="Checking…" disabled={!storeId} onClick={check}>
          Check identifiers
        </Button>
        {result ? (
          <>
            <Table
              caption="What the identifiers would tag"
              columns={[{ label: 'Identifier' }, { label: 'Result' }]}
            >
              {result.map((each, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed snapshot in which an identifier may be pasted twice
                <Row key={`${index}-${each.identifier}`}>
                  <Cell className="font-mono text-xs">{each.identifier}</Cell>
                  <Cell>{outcome(each)}</Cell>
                </Row>
              ))}
            </Table>
            <Button
              size="sm"
              variant="primary"
              disabled={adding.length === 0}
              onClick={() => {
                onAdd(adding.flatMap((each) => (each.kind === 'found' ? [each.product.id] : [])))
                setResult(null)
                setText('')
              }}
            >
              Tag {adding.length} {adding.length === 1 ? 'product' : 'products'}
            </Button>
          </>
        ) : null}
      </div>
    </details>
  )
}
