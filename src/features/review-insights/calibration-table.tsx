import type { Calibration } from '@/api/review'
import { Badge } from '@/components/ui/badge'
import { Cell, HeaderCell, Row, Table } from '@/components/ui/table'
import { formatCount } from '@/lib/format'
import { bandLabel, formatShare } from './insights-format'

const columns = [
  { label: 'Score band' },
  { label: 'Decisions', className: 'text-right' },
  { label: 'Accepted', className: 'text-right' },
  { label: 'Accepted share', className: 'text-right' },
  { label: '95% interval', className: 'text-right' },
]

/** The chart's figures, band by band; a band with too few decisions says so and is greyed. */
export function CalibrationTable({ calibration }: { calibration: Calibration }) {
  return (
    <Table caption="Accepted share by score band" columns={columns}>
      {[...calibration.bands].reverse().map((band) => (
        <Row key={band.band} className={band.sparse ? 'text-slate-600' : 'text-slate-900'}>
          <HeaderCell scope="row" className="font-medium whitespace-nowrap">
            {bandLabel(band.band)}
            {band.sparse && band.decisions > 0 ? (
              <Badge className="ml-2">Few decisions</Badge>
            ) : null}
          </HeaderCell>
          <Cell className="text-right tabular-nums">{formatCount(band.decisions)}</Cell>
          <Cell className="text-right tabular-nums">{formatCount(band.accepted)}</Cell>
          <Cell className="text-right tabular-nums">{formatShare(band.share)}</Cell>
          <Cell className="text-right tabular-nums whitespace-nowrap">
            {band.low === null || band.high === null
              ? '–'
              : `${formatShare(band.low)} to ${formatShare(band.high)}`}
          </Cell>
        </Row>
      ))}
    </Table>
  )
}
