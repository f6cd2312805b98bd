import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toServiceError } from '@/api/client'
import { listProducts, upsertProduct } from '@/api/generated/sdk.gen'
import { productKeys } from '@/api/queries/products'
import { Button } from '@/components/ui/button'
import { Callout } from '@/components/ui/callout'
import { Dialog } from '@/components/ui/dialog'
import { FieldShell } from '@/components/ui/field'
import { Cell, Row, Table } from '@/components/ui/table'
import { toUpsertBody } from '../product-form/product-form-schema'
import { csvColumns, type ImportPlan, planImport } from './csv-plan'

type Step =
  | { kind: 'choose'; problem?: string }
  | { kind: 'preview'; plan: ImportPlan; existing: ReadonlySet<string> }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'report'; lines: Array<{ lines: string; product: string; outcome: string }> }

// A CSV file of variants into a store managed here: first a preview of what will be created,
// updated and refused (with why), then one upsert per product with a progress bar and a report.
export function ImportDialog({ storeId, onClose }: { storeId: string; onClose: () => void }) {
  const queryClient = useQueryClient()
  const [step, setStep] = useState<Step>({ kind: 'choose' })

  const read = async (file: File | undefined) => {
    if (!file) return
    if (!/\.csv$/i.test(file.name))
      return setStep({ kind: 'choose', problem: 'Choose a .csv file.' })
    const plan = planImport(await file.text())
    const existing = new Set<string>()
    for (const product of plan.products) {
      const found = await listProducts({
        query: { business_store_id: storeId, q: product.externalId, page_size: 100 },
        throwOnError: true,
      }).then((response) => response.data.products)
      if (found.some((each) => each.external_id === product.externalId))
        existing.add(product.externalId)
    }
    setStep({ kind: 'preview', plan, existing })
  }

  const run = async (plan: ImportPlan, existing: ReadonlySet<string>) => {
    const lines: Array<{ lines: string; product: string; outcome: string }> = []
    for (const [index, product] of plan.products.entries()) {
      setStep({ kind: 'importing', done: index, total: plan.products.length })
      try {
        await upsertProduct({ body: toUpsertBody(storeId, product.values), throwOnError: true })
        lines.push({
          lines: product.lines.join(', '),
          product: product.externalId,
          outcome: existing.has(product.externalId) ? 'Updated' : 'Created',
        })
      } catch (error) {
        lines.push({
          lines: product.lines.join(', '),
          product: product.externalId,
          outcome: `Refused by the service: ${toServiceError(error).message}`,
        })
      }
    }
    for (const row of plan.refused)
      lines.push({ lines: String(row.line), product: '—', outcome: `Not sent: ${row.reason}` })
    await queryClient.invalidateQueries({ queryKey: productKeys.all })
    setStep({ kind: 'report', lines })
  }

  return (
    <Dialog
      title="Import products from a CSV file"
      size="lg"
      onClose={onClose}
      busy={step.kind === 'importing'}
      footer={
        step.kind === 'preview' ? (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button
              variant="primary"
              disabled={step.plan.products.length === 0}
              onClick={() => run(step.plan, step.existing)}
            >
              Import {count(step.plan.products.length, 'product')}
            </Button>
          </>
        ) : (
          <Button onClick={onClose} disabled={step.kind === 'importing'}>
            {step.kind === 'report' ? 'Done' : 'Cancel'}
          </Button>
        )
      }
    >
      {step.kind === 'choose' ? (
        <div className="space-y-3 text-sm">
          <p>
            One row per variant, with a header row. Columns: <code>{csvColumns.join(', ')}</code>.
            Rows with the same <code>product_id</code> are one product; a product already in the
            store is updated, its variants matched by <code>variant_id</code>.
          </p>
          <FieldShell id="import-file" label="CSV file" error={step.problem}>
            {(a11y) => (
              <input
                {...a11y}
                type="file"
                accept=".csv,text/csv"
                className="block"
                onChange={(event) => read(event.target.files?.[0])}
              />
            )}
          </FieldShell>
        </div>
      ) : step.kind === 'preview' ? (
        <Preview plan={step.plan} existing={step.existing} />
      ) : step.kind === 'importing' ? (
        <div className="space-y-2 text-sm">
          <label htmlFor="import-progress">
            Importing: {step.done} of {step.total} products…
          </label>
          <progress
            id="import-progress"
            className="block h-2 w-full"
            max={step.total}
            value={step.done}
          />
        </div>
      ) : (
        <Table
          caption="Import report"
          columns={[{ label: 'Lines' }, { label: 'Product' }, { label: 'Outcome' }]}
        >
          {step.lines.map((line) => (
            <Row key={`${line.lines}-${line.product}`}>
              <Cell>{line.lines}</Cell>
              <Cell>{line.product}</Cell>
              <Cell>{line.outcome}</Cell>
            </Row>
          ))}
        </Table>
      )}
    </Dialog>
  )
}

function Preview({ plan, existing }: { plan: ImportPlan; existing: ReadonlySet<string> }) {
  const updates = plan.products.filter((product) => existing.has(product.externalId)).length
  return (
    <div className="space-y-3 text-sm">
      <Callout role="status">
        {count(plan.products.length - updates, 'product')} will be created and {updates} updated;{' '}
        {count(plan.refused.length, 'row')} refused and will not be sent.
      </Callout>
      <Table
        caption="What the import will do"
        columns={[{ label: 'Product' }, { label: 'Variants' }, { label: 'Action' }]}
      >
        {plan.products.map((product) => (
          <Row key={product.externalId}>
            <Cell>
              {product.values.name} <span className="text-slate-700">({product.externalId})</span>
            </Cell>
            <Cell>{product.values.units.length}</Cell>
            <Cell>{existing.has(product.externalId) ? 'Update' : 'Create'}</Cell>
          </Row>
        ))}
      </Table>
      {plan.refused.length > 0 ? (
        <Table caption="Rows refused" columns={[{ label: 'Line' }, { label: 'Why' }]}>
          {plan.refused.map((row) => (
            <Row key={`${row.line}-${row.reason}`}>
              <Cell>{row.line}</Cell>
              <Cell>{row.reason}</Cell>
            </Row>
          ))}
        </Table>
      ) : null}
    </div>
  )
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`
