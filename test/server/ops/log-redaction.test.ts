import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../server/dashboard/ops/logger.ts'
import { parseLogLines } from './log-lines.ts'

describe('the logger', () => {
  it('writes fields named like secrets as [redacted], should anything ever pass one', () => {
    const lines: string[] = []
    const logger = createLogger({ level: 'info', write: (line) => lines.push(line) })
    logger.warn(
      {
        password: 'p1',
        token: 't1',
        clientSecret: 'c1',
        authorization: 'Bearer a1',
        headers: { authorization: 'Bearer a2', cookie: 'session=s1', accept: 'text/html' },
        req: { headers: { cookie: 'session=s2', 'service-webhooks-signature': 't=1,v1=x' } },
        res: { headers: { 'set-cookie': 'session=s3' } },
      },
      'careless',
    )
    expect(lines.join('\n')).not.toMatch(/p1|t1|c1|a1|a2|s1|s2|s3|v1=x/)
    expect(parseLogLines(lines)[0]).toMatchObject({
      password: '[redacted]',
      headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'text/html' },
      req: { headers: { cookie: '[redacted]', 'service-webhooks-signature': '[redacted]' } },
      res: { headers: { 'set-cookie': '[redacted]' } },
    })
  })

  it('writes nothing below its level', () => {
    const lines: string[] = []
    const logger = createLogger({ level: 'warn', write: (line) => lines.push(line) })
    logger.info('routine')
    logger.error('broken')
    expect(parseLogLines(lines).map((entry) => [entry.level, entry.msg])).toEqual([[50, 'broken']])
  })
})
