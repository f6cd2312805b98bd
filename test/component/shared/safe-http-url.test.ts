import { expect, it } from 'vitest'
import { safeHttpUrl } from '@/lib/format'

it('lets only http and https addresses from the service become links', () => {
  expect(safeHttpUrl('https://shop.example/p?a=1')).toBe('https://shop.example/p?a=1')
  expect(safeHttpUrl('http://cdn.example/x.jpg')).toBe('http://cdn.example/x.jpg')
  expect(safeHttpUrl('javascript:alert(1)')).toBeNull()
  expect(safeHttpUrl('data:text/html,<script>')).toBeNull()
  expect(safeHttpUrl('//evil.example')).toBeNull()
  expect(safeHttpUrl('')).toBeNull()
  expect(safeHttpUrl(null)).toBeNull()
})
