import type { CommandRequest } from './commands.ts'
import type { ImportProgress } from './import-command.ts'
import { CONTROL_COMMAND_HEADER, CONTROL_COMMAND_PATH, isProcessAlive, PROGRESS_CONTENT_TYPE, readControlFile } from './control-file.ts'

/** How long the server may stay silent: no answer at all, or no line of progress, for this long is a failure. */
const SILENCE_LIMIT_MS = 60_000

type Envelope = { success: true; data: unknown } | { success: false; error: { code: string; message: string } }

/** A command the running server refused or failed; carries its one-line message. */
export class RemoteCommandError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'RemoteCommandError'
  }
}

/** Whether the request never reached a listening server (so nothing can have been done). */
function neverConnected(err: unknown): boolean {
  const code = (err as { cause?: { code?: string } }).cause?.code
  return code === 'ECONNREFUSED' || code === 'EADDRNOTAVAIL'
}

/** An abort signal that fires after `ms` of silence; `heard()` restarts the count. */
function silenceTimeout(ms: number): { signal: AbortSignal; heard(): void; stop(): void } {
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const heard = () => {
    clearTimeout(timer)
    timer = setTimeout(() => controller.abort(new Error(`nothing for ${ms / 1000} s`)), ms)
  }
  heard()
  return { signal: controller.signal, heard, stop: () => clearTimeout(timer) }
}

/** Reads a progress answer: every `{"progress":…}` line to `onProgress`, the envelope (last line) returned. */
async function readProgressLines(
  response: Response,
  onProgress: (progress: ImportProgress) => void,
  heard: () => void,
): Promise<Envelope | undefined> {
  let pending = ''
  let last: Envelope | undefined
  const take = (line: string) => {
    if (!line.trim()) return
    const parsed = JSON.parse(line) as { progress: ImportProgress } | Envelope
    if ('progress' in parsed) onProgress(parsed.progress)
    else last = parsed
  }
  if (!response.body) return undefined
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const text = decoder.decode(read.value, { stream: true })
    heard()
    const lines = (pending + text).split('\n')
    pending = lines.pop() ?? ''
    lines.forEach(take)
  }
  take(pending + decoder.decode())
  return last
}

/**
 * Has the `npm start` running on `dataDir` carry out the command. Resolves to `{ reached: false }`
 * when no server runs there (no control file, or a stale one whose process is gone or whose port
 * refuses connections): the caller may then open the database itself. A command that reports
 * progress (an import) passes each report to `onProgress` as it comes.
 */
export async function sendToRunningServer(
  dataDir: string,
  command: CommandRequest,
  onProgress: (progress: ImportProgress) => void = () => {},
): Promise<{ reached: false } | { reached: true; data: unknown }> {
  const control = readControlFile(dataDir)
  if (!control || !isProcessAlive(control.pid)) return { reached: false }
  const silence = silenceTimeout(SILENCE_LIMIT_MS)
  let response: Response
  try {
    response = await fetch(new URL(CONTROL_COMMAND_PATH, control.url), {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${control.secret}`,
        'Content-Type': 'application/json',
        [CONTROL_COMMAND_HEADER]: command.command,
      },
      body: JSON.stringify(command),
      signal: silence.signal,
    })
  } catch (err) {
    silence.stop()
    if (neverConnected(err)) return { reached: false }
    // Past connecting, the command may have been carried out: never retry it another way.
    throw new Error(`The running server (pid ${control.pid}) did not answer: ${(err as Error).message}`, { cause: err })
  }
  let body: Envelope | undefined
  try {
    body = response.headers.get('content-type')?.startsWith(PROGRESS_CONTENT_TYPE)
      ? await readProgressLines(response, onProgress, silence.heard)
      : ((await response.json().catch(() => undefined)) as Envelope | undefined)
  } catch (err) {
    throw new Error(`The running server (pid ${control.pid}) stopped answering: ${(err as Error).message}`, { cause: err })
  } finally {
    silence.stop()
  }
  if (!body) throw new Error(`The running server answered ${response.status} without a readable body`)
  if (!body.success) throw new RemoteCommandError(body.error.code, body.error.message)
  return { reached: true, data: body.data }
}
