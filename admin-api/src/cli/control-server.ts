import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Database } from '@event-service/db'
import { listen } from '@event-service/server-common/serve.ts'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { MAX_SOURCE_BYTES } from '../imports/import-errors.ts'
import { type CommandContext, executeCommand } from './commands.ts'
import { CONTROL_COMMAND_HEADER, CONTROL_COMMAND_PATH, PROGRESS_CONTENT_TYPE, removeControlFile, writeControlFile } from './control-file.ts'
import { describeFailure } from './failure.ts'

const MAX_BODY_BYTES = 64 * 1024

/** `import` alone carries a file: the largest source, base64 (4 characters per 3 bytes), plus the rest of the command. */
const IMPORT_BODY_BYTES = Math.ceil(MAX_SOURCE_BYTES / 3) * 4 + MAX_BODY_BYTES

/** The body limit for the command the request says it carries (checked against the body once read). */
const bodyLimit = (declared: string | undefined) => (declared === 'import' ? IMPORT_BODY_BYTES : MAX_BODY_BYTES)

/** A running control endpoint. */
export interface ControlServer {
  url: string
  /** Stops the endpoint and removes the control file. */
  close(): Promise<void>
}

const digest = (value: string) => createHash('sha256').update(value).digest()

function sameSecret(given: string, expected: string): boolean {
  // Comparing fixed-length digests keeps the comparison constant-time whatever `given` is.
  return timingSafeEqual(digest(given), digest(expected))
}

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) throw Object.assign(new Error('The command is too large'), { status: 413 })
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
  res.end(JSON.stringify(body))
}

function fail(res: ServerResponse, status: number, code: string, message: string, details: object = {}): void {
  send(res, status, { success: false, error: { code, message, details } })
}

/**
 * The answer to one command. It is one JSON envelope, unless the command reports progress (an
 * import): then, from its first report, the answer is `application/x-ndjson`, one `{"progress":…}`
 * line per report and the envelope as the last line (the status is already sent by then).
 */
function answer(res: ServerResponse) {
  let streaming = false
  return {
    progress(progress: unknown): void {
      if (!streaming) {
        res.writeHead(200, { 'Content-Type': PROGRESS_CONTENT_TYPE, 'Cache-Control': 'no-store' })
        streaming = true
      }
      res.write(`${JSON.stringify({ progress })}\n`)
    },
    done(data: unknown): void {
      if (streaming) res.end(`${JSON.stringify({ success: true, data })}\n`)
      else send(res, 200, { success: true, data })
    },
    failed(status: number, error: { code: string; message: string; details?: object }): void {
      if (streaming) res.end(`${JSON.stringify({ success: false, error: { details: {}, ...error } })}\n`)
      else fail(res, status, error.code, error.message, error.details)
    },
  }
}

/**
 * Starts the endpoint through which the CLI has a running `npm start` carry out commands on its
 * PGlite (which only one process can open). Listens on 127.0.0.1 on a free port, separate from
 * the public servers; every request must carry the secret of this start, which is written with
 * the address to `DATA_DIR/control.json` (mode 0600).
 *
 * @example
 * const control = await startControlServer({ db, dataDir: config.dataDir, logger })
 * // … later
 * await control.close()
 */
export async function startControlServer({
  db,
  dataDir,
  logger,
  context,
}: {
  db: Kysely<Database>
  dataDir: string
  logger: Logger
  /** What commands need to know of the running system (where the console is). */
  context: CommandContext
}): Promise<ControlServer> {
  const secret = randomBytes(32).toString('base64url')
  const log = logger.child({ component: 'control' })
  const server = await listen(
    (req, res) => {
      void (async () => {
        if (req.method !== 'POST' || req.url !== CONTROL_COMMAND_PATH)
          return fail(res, 404, 'NOT_FOUND', `No route for ${req.method} ${req.url}`)
        const auth = req.headers.authorization ?? ''
        if (!auth.startsWith('Bearer ') || !sameSecret(auth.slice('Bearer '.length), secret)) {
          return fail(res, 401, 'UNAUTHORIZED', 'The control secret is missing or wrong')
        }
        const declared = req.headers[CONTROL_COMMAND_HEADER]
        let command: unknown
        try {
          command = JSON.parse(await readBody(req, bodyLimit(typeof declared === 'string' ? declared : undefined)))
        } catch (err) {
          const status = (err as { status?: number }).status === 413 ? 413 : 400
          return fail(res, status, status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INVALID_JSON', (err as Error).message)
        }
        const name = (command as { command?: unknown } | null)?.command
        // The larger limit is for the command it was asked for, not for whatever the body holds.
        if (declared !== undefined && declared !== name) {
          return fail(res, 400, 'VALIDATION_ERROR', `The body holds "${String(name)}" but ${CONTROL_COMMAND_HEADER} says "${declared}"`)
        }
        const reply = answer(res)
        try {
          const data = await executeCommand(db, command, context, (progress) => reply.progress(progress))
          log.info({ command: name }, 'command carried out')
          reply.done(data)
        } catch (err) {
          const failure = describeFailure(err)
          if (failure.status >= 500) log.error({ err }, 'command failed')
          reply.failed(failure.status, { code: failure.code, message: failure.message })
        }
      })().catch((err) => {
        log.error({ err }, 'control request failed')
        if (!res.headersSent) fail(res, 500, 'INTERNAL_ERROR', 'The command could not be carried out')
      })
    },
    { host: '127.0.0.1', port: 0 },
  )
  writeControlFile(dataDir, { url: server.url, secret, pid: process.pid })
  return {
    url: server.url,
    close: async () => {
      removeControlFile(dataDir, secret)
      await server.close()
    },
  }
}
