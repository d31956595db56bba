import { readFileSync, statSync } from 'node:fs'
import { basename } from 'node:path'
import { MAX_SOURCE_BYTES } from '../imports/import-errors.ts'
import { UsageError } from './usage-error.ts'

/**
 * What `import --from` names, as it travels with the command: a URL, fetched by whoever carries
 * out the command, or a file the CLI has read (base64, since the command is JSON).
 */
export type ImportSourceArgument = { url: string } | { fileName: string; contentBase64: string }

/** Sizes as people read them in progress lines (`2.1 MB`). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`
  return `${(bytes / 1_000_000).toFixed(1)} MB`
}

const isUrl = (from: string) => /^https?:\/\//i.test(from)

/**
 * Reads `--from`: an http(s) URL is passed on as it is; anything else is a file, read here (the
 * process carrying out the command may be a server that cannot see the caller's files). A missing,
 * unreadable or too large file is a `UsageError` naming the path, raised before anything is sent.
 *
 * @example
 * readImportSource('schedule.json') // { fileName: 'schedule.json', contentBase64: 'eyJzY2hlZHVsZSI6…' }
 */
export function readImportSource(from: string): ImportSourceArgument {
  if (isUrl(from)) return { url: from }
  let size: number
  try {
    const stat = statSync(from)
    if (!stat.isFile()) throw new UsageError(`--from ${from} is not a file`)
    size = stat.size
  } catch (err) {
    if (err instanceof UsageError) throw err
    throw new UsageError(`--from ${from} cannot be read: ${describeFsError(err)}`)
  }
  // Checked before reading: a schedule the import would refuse is never loaded or sent.
  if (size > MAX_SOURCE_BYTES) {
    throw new UsageError(`--from ${from} is ${formatBytes(size)}; an import reads at most ${MAX_SOURCE_BYTES / 1024 / 1024} MiB`)
  }
  let content: Buffer
  try {
    content = readFileSync(from)
  } catch (err) {
    throw new UsageError(`--from ${from} cannot be read: ${describeFsError(err)}`)
  }
  return { fileName: basename(from), contentBase64: content.toString('base64') }
}

function describeFsError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return 'no such file'
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied'
  return (err as Error).message
}
