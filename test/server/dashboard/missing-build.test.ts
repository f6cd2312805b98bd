import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startDashboard } from '../../../server/dashboard/start.ts'

describe('production start-up without a build', () => {
  it('fails with a message saying to run npm run build', async () => {
    const emptyDist = await mkdtemp(join(tmpdir(), 'dashboard-empty-dist-'))
    try {
      await expect(
        startDashboard({
          port: 0,
          mode: 'production',
          distDir: emptyDist,
          service: { baseUrl: 'http://127.0.0.1:9', clientId: 'a', clientSecret: 'b' },
          log: () => {},
        }),
      ).rejects.toThrow(/npm run build/)
    } finally {
      await rm(emptyDist, { recursive: true, force: true })
    }
  })
})
