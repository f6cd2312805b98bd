// Writes manifest.json for the seed media. Facts come from ffprobe, not from our own parsers,
// so tests comparing probeMp4/imageSize against the manifest check something independent.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { extname, join } from 'node:path'

interface FfprobeStream {
  codec_type: string
  codec_name: string
  profile?: string
  width?: number
  height?: number
}

interface FfprobeOutput {
  streams: FfprobeStream[]
  format: { duration?: string; tags?: { title?: string } }
}

const directory = process.argv[2] ?? usage()

const names = readdirSync(directory)
  .filter((name) => name !== 'manifest.json')
  .sort()
const files = names.map((name) => describe(name))
writeFileSync(
  join(directory, 'manifest.json'),
  `${JSON.stringify({ generatedBy: 'scripts/media/make-samples.sh', files }, null, 2)}\n`,
)
console.log(`manifest.json: ${files.length} files`)

function describe(name: string) {
  const bytes = readFileSync(join(directory, name))
  const common = {
    file: name,
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  }
  const extension = extname(name).slice(1)
  if (extension === 'vtt') {
    return {
      ...common,
      kind: 'subtitles',
      format: 'vtt',
      video: name.replace(/\.[a-z]+\.vtt$/, '.mp4'),
      language: name.split('.').at(-2) ?? null,
      durationSeconds: null,
      width: null,
      height: null,
    }
  }
  const probe = ffprobe(join(directory, name))
  const video = probe.streams.find((stream) => stream.codec_type === 'video')
  if (!video?.width || !video.height) throw new Error(`${name}: no video stream`)
  const size = { width: video.width, height: video.height }
  if (extension === 'mp4') {
    return {
      ...common,
      kind: 'video',
      format: 'mp4',
      title: probe.format.tags?.title ?? null,
      durationSeconds: Number(Number(probe.format.duration).toFixed(3)),
      ...size,
      videoCodec: `${video.codec_name} ${video.profile ?? ''}`.trim(),
      hasAudio: probe.streams.some((stream) => stream.codec_type === 'audio'),
      thumbnail: names.includes(name.replace(/\.mp4$/, '.jpg'))
        ? name.replace(/\.mp4$/, '.jpg')
        : null,
    }
  }
  const isThumbnail = names.includes(name.replace(/\.jpg$/, '.mp4')) && extension === 'jpg'
  return {
    ...common,
    kind: isThumbnail ? 'thumbnail' : 'poster',
    format: extension,
    ...(isThumbnail ? { video: name.replace(/\.jpg$/, '.mp4') } : {}),
    durationSeconds: null,
    ...size,
  }
}

function usage(): never {
  throw new Error('usage: write-manifest.ts <media directory>')
}

function ffprobe(path: string): FfprobeOutput {
  const output = execFileSync('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    path,
  ])
  return JSON.parse(output.toString()) as FfprobeOutput
}
