import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Table } from '@/components/ui/table'
import { axeViolations } from '../support/axe'

describe('Table', () => {
  it('names the table and its columns, a hidden header still read by screen readers', async () => {
    const { container } = render(
      <Table
        caption="Stores, newest first"
        columns={[{ label: 'Store' }, { label: 'Actions', hidden: true }]}
      >
        <tr>
          <td>Aurora Main Store</td>
          <td>
            <button type="button">Edit</button>
          </td>
        </tr>
      </Table>,
    )
    const table = screen.getByRole('table', { name: 'Stores, newest first' })
    const headers = within(table).getAllByRole('columnheader')
    expect(headers.map((header) => header.textContent)).toEqual(['Store', 'Actions'])
    expect(within(table).getByRole('cell', { name: 'Aurora Main Store' })).toBeInTheDocument()
    expect(await axeViolations(container)).toEqual([])
  })
})
