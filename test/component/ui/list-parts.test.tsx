import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Button } from '@/components/ui/button'
import { InlineError } from '@/components/ui/inline-error'
import { LoadMoreButton } from '@/components/ui/load-more-button'
import { PageHeader } from '@/components/ui/page-header'
import { Cell, HeaderCell, Row, Table } from '@/components/ui/table'
import { axeViolations } from '../support/axe'

describe('table rows and cells', () => {
  it('rows of cells under the column headers, a row header naming its row', async () => {
    const { container } = render(
      <Table caption="Variants" columns={[{ label: 'Variant' }, { label: 'Price' }]}>
        <Row>
          <HeaderCell scope="row">Red, M</HeaderCell>
          <Cell>€19.00</Cell>
        </Row>
        <Row>
          <HeaderCell scope="row">Blue, L</HeaderCell>
          <Cell>€21.00</Cell>
        </Row>
      </Table>,
    )
    const table = screen.getByRole('table', { name: 'Variants' })
    const headers = within(table).getAllByRole('columnheader')
    expect(headers.map((header) => header.textContent)).toEqual(['Variant', 'Price'])
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Red, M', 'Blue, L'])
    const blue = within(table).getByRole('row', { name: /Blue, L/ })
    expect(within(blue).getByRole('cell')).toHaveTextContent('€21.00')
    expect(await axeViolations(container)).toEqual([])
  })
})

describe('LoadMoreButton', () => {
  it('asks for more once, and says Loading… without taking a second press while it loads', async () => {
    const onLoadMore = vi.fn()
    const { rerender } = render(
      <LoadMoreButton loading={false} onLoadMore={onLoadMore}>
        Show more stores
      </LoadMoreButton>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Show more stores' }))
    expect(onLoadMore).toHaveBeenCalledTimes(1)

    rerender(
      <LoadMoreButton loading onLoadMore={onLoadMore}>
        Show more stores
      </LoadMoreButton>,
    )
    const busy = screen.getByRole('button', { name: 'Loading…' })
    expect(busy).toBeDisabled()
    expect(busy).toHaveAttribute('aria-busy', 'true')
    await userEvent.click(busy)
    expect(onLoadMore).toHaveBeenCalledTimes(1)
  })
})

describe('PageHeader', () => {
  it('gives the screen its one heading, the way back, its actions and what it holds', async () => {
    const { container } = render(
      <main>
        <PageHeader
          back={<a href="/stores">← Stores</a>}
          title="Aurora Main Store"
          actions={<Button variant="primary">New product</Button>}
          description="Managed here · EUR (Euro)"
        />
      </main>,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Aurora Main Store' })).toBeVisible()
    expect(screen.getAllByRole('heading')).toHaveLength(1)
    expect(screen.getByRole('link', { name: '← Stores' })).toHaveAttribute('href', '/stores')
    expect(screen.getByRole('button', { name: 'New product' })).toBeVisible()
    expect(screen.getByText('Managed here · EUR (Euro)')).toBeVisible()
    expect(await axeViolations(container)).toEqual([])
  })

  it('names a section by its title when given an id', () => {
    render(
      <section aria-labelledby="uploads-title">
        <PageHeader title="Uploads" titleId="uploads-title" />
      </section>,
    )
    expect(screen.getByRole('region', { name: 'Uploads' })).toBeInTheDocument()
  })
})

describe('InlineError', () => {
  it('says what could not be done where the content would be, without interrupting', async () => {
    const { container } = render(
      <section aria-label="Subtitles">
        <InlineError>The tracks cannot be loaded: Service unavailable</InlineError>
      </section>,
    )
    const message = screen.getByText('The tracks cannot be loaded: Service unavailable')
    expect(message).toBeVisible()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(await axeViolations(container)).toEqual([])
  })
})
