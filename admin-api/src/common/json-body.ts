import { jsonBody as sharedJsonBody } from '@event-service/server-common'
import type { Middleware } from 'koa'

/** 1 MiB (docs/admin-api.md#limits); `raw-body` reads `mb` as 2^20 bytes. */
export const BODY_LIMIT = '1mb'

/** The admin API's JSON bodies: at most 1 MiB, errors in the envelope (server-common's `jsonBody`). */
export const jsonBody = (): Middleware => sharedJsonBody({ limit: BODY_LIMIT, limitLabel: '1 MiB' })
