import { MULTIPART_THRESHOLD_BYTES } from './plan.ts'

// The run's settings, from the environment (described in bench/upload.ts).
export const LATENCY_MS = Number(process.env.BENCH_UPLOAD_LATENCY_MS ?? 40)
export const POOL_SIZE = 6

export const fileBytes = parseBytes(process.env.BENCH_UPLOAD_BYTES ?? '1GB')
export const nodeDiagnostic = process.env.BENCH_UPLOAD_NODE !== '0'

export const rounds = Math.max(1, Number(process.env.BENCH_UPLOAD_ROUNDS ?? 2) || 1)

function parseBytes(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(B|KB|KiB|MB|MiB|GB|GiB)?\s*$/i.exec(text)
  if (!match) throw new Error(`BENCH_UPLOAD_BYTES: cannot read ${JSON.stringify(text)}`)
  const unit = (match[2] ?? 'B').toLowerCase()
  const scale = unit.startsWith('k')
    ? 1024
    : unit.startsWith('m')
      ? 1024 ** 2
      : unit.startsWith('g')
        ? 1024 ** 3
        : 1
  const bytes = Math.round(Number(match[1]) * scale)
  // Below the threshold the uploader sends one POST, and there would be no parts to compare.
  if (bytes < MULTIPART_THRESHOLD_BYTES) {
    throw new Error(
      `BENCH_UPLOAD_BYTES: the uploader goes multipart from ${MULTIPART_THRESHOLD_BYTES / 1024 ** 2} MiB; give at least that`,
    )
  }
  return bytes
}
