export interface LogEntry {
  level: number
  time: number
  msg: string
  reqId?: string
  [field: string]: unknown
}

/** Each captured line parsed as the one JSON object it must be; fails naming a line that is not. */
export function parseLogLines(lines: readonly string[]): LogEntry[] {
  return lines.map((line) => {
    if (line.includes('\n')) throw new Error(`A log line holds a newline: ${line}`)
    const entry: unknown = JSON.parse(line)
    if (
      typeof entry !== 'object' ||
      entry === null ||
      !('level' in entry && typeof entry.level === 'number') ||
      !('time' in entry && typeof entry.time === 'number') ||
      !('msg' in entry && typeof entry.msg === 'string')
    ) {
      throw new Error(`A log line lacks level, time or msg: ${line}`)
    }
    return { ...entry, level: entry.level, time: entry.time, msg: entry.msg }
  })
}
