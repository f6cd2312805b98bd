import type { ServerProcess } from '../ui/harness.ts'
import type { DashboardApi } from './api.ts'
import type { CpuUse } from './cpu.ts'
import type { UploaderRun } from './uploader.ts'

/** One upload by one method. */
export interface Run {
  /** First part PUT sent to last part PUT answered. */
  partsMs: number
  /** The complete call (server-side assembly), timed from Node; not for the uploader. */
  completeMs?: number
  /** The uploader only: its start to the answer of its complete call. */
  endToEndMs?: number
  cpu: CpuUse
  maxInFlight: number
  meanInFlight?: number
  partMedianMs?: number
  /** Renderer main-thread seconds (DevTools TaskDuration, ScriptDuration) over the run. */
  rendererTaskS?: number
  rendererScriptS?: number
  note: string
  timeline?: UploaderRun['timeline']
}

export type Method = 'pool' | 'sequential' | 'uploader' | 'node'

export interface Outcome {
  label: string
  runs: Run[]
  /** Why it has no runs (or fewer than asked). */
  problem?: string
}

export interface Env {
  api: DashboardApi
  channelId: string
  filePath: string
  server: ServerProcess
  /** Checks the assembled object's size, deletes its file, and says how the check went. */
  finish(key: string): Promise<string>
}
