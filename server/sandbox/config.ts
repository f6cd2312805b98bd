import { resolve } from 'node:path'
import type { HostResolver } from './net/resolve-target.ts'
import type { StorageConfig } from './storage/storage-client.ts'

/** Stand-ins for DNS and for which addresses count as public in URL fetches; for tests. */
export interface FetchAddressRules {
  resolveHost?: HostResolver
  isAllowedAddress?: (ip: string) => boolean
}

export interface SandboxOptions {
  port?: number
  host?: string
  db?: string
  seed?: 'demo' | 'none'
  seedVideos?: number
  seedProducts?: number
  publicUrl?: string
  webhookUrl?: string
  webhookSecret?: string
  timeScale?: number
  rateLimit?: string
  /**
   * Refuse URL fetches (imports, posters, subtitles) to loopback, private and other non-public
   * addresses. Off by default: the loopback demo and the tests fetch from 127.0.0.1.
   */
  blockPrivateUrls?: boolean
  /**
   * Answer only what the documents describe: the video list ignores `has_pending_matches`, a
   * filter the dashboard once assumed (issue 21), as a service without it would.
   */
  documentedOnly?: boolean
  fetchAddressRules?: FetchAddressRules
  tokenTtlSeconds?: number
  dataDir?: string
  s3?: Partial<StorageConfig>
  log?: (message: string) => void
}

export interface SandboxConfig {
  port: number
  host: string
  db: string
  seed: 'demo' | 'none'
  seedVideos: number
  seedProducts: number
  publicUrl: string | undefined
  webhookUrl: string | undefined
  webhookSecret: string | undefined
  timeScale: number
  rateLimit: { count: number; windowMs: number }
  blockPrivateUrls: boolean
  documentedOnly: boolean
  fetchAddressRules: FetchAddressRules
  tokenTtlSeconds: number
  dataDir: string
  s3: Partial<StorageConfig>
  log: (message: string) => void
}

export const localStoreBucket = 'sandbox-uploads'
export const localStoreCredentials = { accessKeyId: 'sandbox', secretAccessKey: 'sandbox-secret' }

export function optionsFromEnv(env: NodeJS.ProcessEnv): SandboxOptions {
  const num = (value: string | undefined) =>
    value === undefined || value === '' ? undefined : Number(value)
  return {
    port: num(env.SANDBOX_PORT),
    host: env.SANDBOX_HOST,
    db: env.SANDBOX_DB,
    seed:
      env.SANDBOX_SEED === 'none' ? 'none' : env.SANDBOX_SEED === undefined ? undefined : 'demo',
    seedVideos: num(env.SANDBOX_SEED_VIDEOS),
    seedProducts: num(env.SANDBOX_SEED_PRODUCTS),
    publicUrl: env.SANDBOX_PUBLIC_URL,
    webhookUrl: env.SANDBOX_WEBHOOK_URL || undefined,
    webhookSecret: env.SANDBOX_WEBHOOK_SECRET || undefined,
    timeScale: num(env.SANDBOX_TIME_SCALE),
    rateLimit: env.SANDBOX_RATE_LIMIT,
    blockPrivateUrls: env.SANDBOX_BLOCK_PRIVATE_URLS === '1',
    documentedOnly: env.SANDBOX_DOCUMENTED_ONLY === '1',
    tokenTtlSeconds: num(env.SANDBOX_TOKEN_TTL),
    dataDir: env.SANDBOX_DATA_DIR,
    s3: {
      endpoint: env.SANDBOX_S3_ENDPOINT || undefined,
      region: env.SANDBOX_S3_REGION || undefined,
      bucket: env.SANDBOX_S3_BUCKET || undefined,
      accessKeyId: env.SANDBOX_S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.SANDBOX_S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: env.SANDBOX_S3_FORCE_PATH_STYLE
        ? env.SANDBOX_S3_FORCE_PATH_STYLE === '1'
        : undefined,
    },
  }
}

export function resolveConfig(options: SandboxOptions): SandboxConfig {
  const dataDir = resolve(options.dataDir ?? '.data')
  if (options.webhookUrl && !options.webhookSecret) {
    throw new Error('SANDBOX_WEBHOOK_URL needs SANDBOX_WEBHOOK_SECRET: every webhook is signed')
  }
  const timeScale = options.timeScale ?? 1
  if (!(timeScale > 0)) throw new Error('SANDBOX_TIME_SCALE must be a positive number')
  return {
    port: options.port ?? 4010,
    host: options.host ?? '127.0.0.1',
    db: options.db ?? resolve(dataDir, 'sandbox.db'),
    seed: options.seed ?? 'demo',
    seedVideos: options.seedVideos ?? 2000,
    seedProducts: options.seedProducts ?? 500,
    publicUrl: options.publicUrl?.replace(/\/$/, ''),
    webhookUrl: options.webhookUrl,
    webhookSecret: options.webhookSecret,
    timeScale,
    rateLimit: parseRateLimit(options.rateLimit ?? '20/300'),
    blockPrivateUrls: options.blockPrivateUrls ?? false,
    documentedOnly: options.documentedOnly ?? false,
    fetchAddressRules: options.fetchAddressRules ?? {},
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    dataDir,
    s3: Object.fromEntries(Object.entries(options.s3 ?? {}).filter(([, v]) => v !== undefined)),
    log: options.log ?? ((message) => console.log(message)),
  }
}

function parseRateLimit(value: string): { count: number; windowMs: number } {
  const match = /^(\d+)\/(\d+)$/.exec(value.trim())
  if (!match) throw new Error(`SANDBOX_RATE_LIMIT must look like 20/300, not ${value}`)
  return { count: Number(match[1]), windowMs: Number(match[2]) * 1000 }
}
