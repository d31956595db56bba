import type { Database } from '@event-service/db'
import { ApiError, ok, parseInput, validationError } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import multer from 'multer'
import type { Logger } from 'pino'
import { jsonBody } from '../common/json-body.ts'
import { IdParams } from '../common/fields.ts'
import { type AdminContext, type ApiBuilder, locationOf } from '../openapi/api-builder.ts'
import { webhookUrlProblem } from '../webhooks/target-address.ts'
import { MAX_SOURCE_BYTES } from './import-errors.ts'
import { presentImport } from './imports.presenter.ts'
import { ImportFromUrlBody, ImportParams, ImportResponse, ImportUploadFields, ImportUploadSettings } from './imports.schema.ts'
import { carryOutImport, createImport, getImport, type ImportRequest } from './imports.service.ts'
import { fetchSource } from './source-fetch.ts'

const tag = 'Imports'

export interface ImportRouteDeps {
  /** `WEBHOOK_ALLOW_PRIVATE`: source URLs follow the webhooks' address rule. */
  allowPrivate: boolean
  /** `SOURCE_FETCH_TIMEOUT`: how long a source URL may take to answer. */
  fetchTimeoutMs: number
  logger: Logger
}

/** One file of at most 20 MiB and a few text fields; the file stays in memory (it is parsed whole anyway). */
const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_SOURCE_BYTES, files: 1, fields: 10, fieldSize: 1024 } })

/** What multer's refusals mean to the client; any other failure to read the body is a 400 at `file`. */
const MULTIPART_ERRORS: Record<string, () => ApiError> = {
  LIMIT_FILE_SIZE: () => new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The file is larger than 20 MiB'),
  LIMIT_UNEXPECTED_FILE: () => validationError([{ path: 'file', message: 'must be one file, sent in the field `file`' }]),
}

/** Reads a `multipart/form-data` upload: its file and its settings. */
async function readUpload(ctx: AdminContext): Promise<{ file: { name: string; bytes: Uint8Array }; settings: ImportUploadSettings }> {
  const req = ctx.req as typeof ctx.req & { file?: Express.Multer.File; body?: Record<string, string> }
  try {
    await new Promise<void>((resolve, reject) =>
      upload.single('file')(req as never, ctx.res as never, (err: unknown) => (err ? reject(err) : resolve())),
    )
  } catch (err) {
    const refusal = MULTIPART_ERRORS[(err as { code?: string }).code ?? '']
    throw refusal
      ? refusal()
      : validationError([{ path: 'file', message: `could not be read from the multipart body (${(err as Error).message})` }])
  }
  const settings = parseInput(ImportUploadSettings, { ...req.body }, 'body')
  if (!req.file) throw validationError([{ path: 'file', message: 'is required: the schedule, as the multipart field `file`' }])
  return { file: { name: req.file.originalname, bytes: new Uint8Array(req.file.buffer) }, settings }
}

const readJson = jsonBody()

/**
 * `POST /events/{id}/imports` and `GET /events/{id}/imports/{importId}`
 * (docs/schedule-exchange.md#import). An import is accepted at once (202) and carried out in the
 * background; its row tells how it goes.
 */
export function importRoutes(api: ApiBuilder, db: Kysely<Database>, deps: ImportRouteDeps): void {
  /** Starts `request` in the background; a failure of the source is the import's, not the request's. */
  const start = (request: ImportRequest, importId: string, source: () => Promise<Uint8Array>) => {
    carryOutImport(db, importId, source).catch((err: unknown) =>
      deps.logger.error({ err, importId, eventId: request.eventId }, 'import failed unexpectedly'),
    )
  }

  api.route(
    {
      method: 'post',
      path: '/events/{id}/imports',
      operationId: 'createImport',
      summary: 'Import a schedule into the event',
      description:
        'From a file (`multipart/form-data`, field `file`, at most 20 MiB) or a URL (JSON `{url}`, fetched by the server under the webhooks’ address rule). ' +
        'Answers 202 with the import at once; read it with `GET …/imports/{importId}` until `status` is `done` or `failed`. ' +
        'With `dry_run` its `plan` says what it would do and nothing is written; otherwise it is written in one transaction, all or nothing. ' +
        'Sessions and speakers keep their `source` and `source_id`: importing the same source again updates them in place.',
      tag,
      request: { params: IdParams },
      documentedBody: { 'multipart/form-data': ImportUploadFields, 'application/json': ImportFromUrlBody },
      responses: { 202: { description: 'The import, accepted', schema: ImportResponse } },
      errors: [404],
    },
    async (ctx, { params }) => {
      let request: ImportRequest
      let source: () => Promise<Uint8Array>
      const base = { accountId: ctx.state.account.id, eventId: params.id }
      if (ctx.is('multipart/form-data')) {
        const { file, settings } = await readUpload(ctx)
        request = {
          ...base,
          trigger: 'upload',
          sourceName: file.name,
          format: settings.format,
          dryRun: settings.dry_run,
          removed: settings.removed,
        }
        source = async () => file.bytes
      } else {
        if (ctx.is('application/json', '+json') === false) {
          throw new ApiError(
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            'Send the schedule as a file (multipart/form-data, field `file`) or its address as JSON (`{"url": …}`)',
          )
        }
        await readJson(ctx, async () => {})
        const body = parseInput(ImportFromUrlBody, ctx.request.body, 'body')
        const problem = await webhookUrlProblem(body.url, { allowPrivate: deps.allowPrivate }, 'imports')
        if (problem) throw validationError([{ path: 'url', message: problem }])
        request = { ...base, trigger: 'url', sourceName: body.url, format: body.format, dryRun: body.dry_run, removed: body.removed }
        source = async () => {
          const fetched = await fetchSource(
            body.url,
            { etag: null, lastModified: null },
            { allowPrivate: deps.allowPrivate, timeoutMs: deps.fetchTimeoutMs },
          )
          if (fetched.kind !== 'body') throw new Error('A fetch without validators cannot be answered "not modified"')
          return fetched.bytes
        }
      }
      const row = await createImport(db, request)
      ctx.status = 202
      ctx.set('Location', locationOf(`/events/${encodeURIComponent(params.id)}/imports`, row.id))
      ctx.body = ok(presentImport(row))
      start(request, row.id, source)
    },
  )

  api.route(
    {
      method: 'get',
      path: '/events/{id}/imports/{importId}',
      operationId: 'getImport',
      summary: 'Get an import: its status, progress, plan and error',
      tag,
      request: { params: ImportParams },
      responses: { 200: { description: 'The import', schema: ImportResponse } },
      errors: [404],
    },
    async (ctx, { params }) => {
      ctx.body = ok(presentImport(await getImport(db, ctx.state.account.id, params.id, params.importId)))
    },
  )
}
