import axe from 'axe-core'

// Colour contrast needs real layout and styles, which happy-dom does not compute; the end-to-end
// scans in Chromium check it.
export async function axeViolations(root: Element = document.body) {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } })
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}
