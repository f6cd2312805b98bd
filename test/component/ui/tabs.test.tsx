import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Tabs } from '@/components/ui/tabs'
import { axeViolations } from '../support/axe'

function AddVideos() {
  return (
    <Tabs
      label="How to add videos"
      tabs={[
        { id: 'files', label: 'Upload files', content: <input aria-label="Note for files" /> },
        { id: 'url', label: 'Import from a URL', content: <input aria-label="Video address" /> },
      ]}
    />
  )
}

describe('Tabs', () => {
  it('shows one panel at a time; arrows move between tabs', async () => {
    const { container } = render(<AddVideos />)
    expect(screen.getByRole('tablist', { name: 'How to add videos' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Upload files' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(screen.getByRole('tabpanel', { name: 'Upload files' })).toBeVisible()
    expect(await axeViolations(container)).toEqual([])

    await userEvent.click(screen.getByRole('tab', { name: 'Upload files' }))
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Import from a URL' })).toHaveFocus()
    expect(screen.getByRole('tabpanel', { name: 'Import from a URL' })).toBeVisible()
    expect(await axeViolations(container)).toEqual([])
  })

  it('keeps a hidden panel mounted, with what was typed in it', async () => {
    render(<AddVideos />)
    await userEvent.type(screen.getByRole('textbox', { name: 'Note for files' }), 'keep me')
    await userEvent.click(screen.getByRole('tab', { name: 'Import from a URL' }))
    await userEvent.click(screen.getByRole('tab', { name: 'Upload files' }))
    expect(screen.getByRole('textbox', { name: 'Note for files' })).toHaveValue('keep me')
  })
})
