import { describe, expect, it } from 'vitest'
import { planImport } from '@/features/stores/catalog/import/csv-plan'

const header = 'product_id,product_name,variant_id,price,original_price'

describe('planning a CSV import', () => {
  it('groups rows into products and keeps their variants in file order', () => {
    const plan = planImport(`\uFEFF${header}\r\np1,Cap,v1,10,\r\np1,,v2,12,15\r\n\r\n`)
    expect(plan.refused).toEqual([])
    expect(plan.products).toHaveLength(1)
    expect(plan.products[0]).toMatchObject({ externalId: 'p1', lines: [2, 3] })
    expect(plan.products[0]?.values.units.map((unit) => [unit.externalId, unit.price])).toEqual([
      ['v1', 10],
      ['v2', 12],
    ])
  })

  it('refuses a product whole when one of its rows is wrong, and says which row and why', () => {
    const plan = planImport(`${header}\np1,Cap,v1,ten,\np1,Cap,v2,12,9\np2,Mug,m1,5,`)
    expect(plan.products.map((product) => product.externalId)).toEqual(['p2'])
    expect(plan.refused).toEqual([
      { line: 2, reason: 'Enter a number. (price)' },
      { line: 3, reason: 'The original price must be at least the price. (original_price)' },
    ])
  })

  it('refuses rows without a product id, disagreeing product columns and a header without ids', () => {
    expect(planImport(`${header}\n,Cap,v1,1,`).refused).toEqual([
      { line: 2, reason: 'No product_id.' },
    ])
    expect(planImport(`${header}\np1,Cap,v1,1,\np1,Hat,v2,1,`).refused[0]?.reason).toBe(
      'Rows of product p1 disagree on product_name.',
    )
    expect(planImport('name,price\nCap,1').refused).toEqual([
      { line: 1, reason: 'The header lacks product_id and variant_id.' },
    ])
  })
})
