import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Button } from '@/components/ui/button'
import { Callout } from '@/components/ui/callout'
import { Panel } from '@/components/ui/panel'
import { TagList } from '@/components/ui/tag-list'
import { axeViolations } from '../support/axe'

function Hashtags() {
  const [tags, setTags] = useState(['summer', 'linen', 'sale'])
  return (
    <TagList
      label="Added hashtags"
      tags={tags.map((tag) => ({ key: tag, label: `#${tag}` }))}
      onRemove={(key) => setTags((current) => current.filter((tag) => tag !== key))}
    />
  )
}

describe('Panel, Callout and TagList', () => {
  it('a panel is a section named by its title, with actions beside it', async () => {
    const { container } = render(
      <main>
        <Panel title="Publishing" actions={<Button size="sm">Publish now</Button>}>
          <p>Draft: not published.</p>
        </Panel>
      </main>,
    )
    const panel = screen.getByRole('region', { name: 'Publishing' })
    expect(panel).toHaveTextContent('Draft: not published.')
    expect(screen.getByRole('heading', { level: 2, name: 'Publishing' })).toBeInTheDocument()
    expect(await axeViolations(container)).toEqual([])
  })

  it('a callout is announced only when asked, politely or at once', async () => {
    const { container } = render(
      <main>
        <Callout tone="warning" role="status">
          3 videos wait for the rate limit.
        </Callout>
        <Callout tone="danger" role="alert" title="Nothing was sent">
          Fix the caption first.
        </Callout>
        <Callout title="Pick these files again">They were too large to keep.</Callout>
      </main>,
    )
    expect(screen.getByRole('status')).toHaveTextContent('3 videos wait for the rate limit.')
    expect(screen.getByRole('alert')).toHaveTextContent('Nothing was sentFix the caption first.')
    expect(screen.getByRole('heading', { name: 'Pick these files again' })).toBeInTheDocument()
    expect(await axeViolations(container)).toEqual([])
  })

  it('each tag has its own remove button, named after it', async () => {
    const { container } = render(<Hashtags />)
    const list = screen.getByRole('list', { name: 'Added hashtags' })
    expect(list).toHaveTextContent('#summer×#linen×#sale×')
    await userEvent.click(screen.getByRole('button', { name: 'Remove #linen' }))
    expect(list).toHaveTextContent('#summer×#sale×')
    expect(await axeViolations(container)).toEqual([])
  })
})
