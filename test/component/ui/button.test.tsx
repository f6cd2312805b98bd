import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Button } from '@/components/ui/button'
import { axeViolations } from '../support/axe'

describe('Button', () => {
  it('is a real button that does not submit forms unless asked', async () => {
    const submit = vi.fn((event: Event) => event.preventDefault())
    const press = vi.fn()
    render(
      <form onSubmit={(event) => submit(event.nativeEvent)}>
        <Button onClick={press}>Preview</Button>
        <Button type="submit" variant="primary">
          Save
        </Button>
      </form>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }))
    expect(press).toHaveBeenCalledOnce()
    expect(submit).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(submit).toHaveBeenCalledOnce()
  })

  it('while busy cannot be pressed again, says so, and may say what it is doing', async () => {
    const press = vi.fn()
    const { rerender } = render(
      <Button busy busyLabel="Saving…" onClick={press}>
        Save
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Saving…' })
    expect(button).toBeDisabled()
    expect(button).toHaveAttribute('aria-busy', 'true')
    await userEvent.click(button)
    expect(press).not.toHaveBeenCalled()

    rerender(<Button onClick={press}>Save</Button>)
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-busy')
  })

  it('has no axe violations in any variant', async () => {
    const { container } = render(
      <div>
        {(['primary', 'secondary', 'danger', 'quiet'] as const).map((variant) => (
          <Button key={variant} variant={variant} size="sm">
            {variant}
          </Button>
        ))}
        <Button busy>Working</Button>
      </div>,
    )
    expect(await axeViolations(container)).toEqual([])
  })
})
