import { ERROR_CODES } from '@event-service/server-common'
import { z } from '../openapi/zod.ts'
import { LIVE_PARTS } from './change-parts.ts'

/** The `data` of a live stream's `changed` event: which reads to fetch again. */
export const LiveChanged = z
  .strictObject({
    parts: z.array(z.enum(LIVE_PARTS)).openapi({
      description: 'The reads whose answers changed: `event` (GET …/{eventId}), `sessions`, `speakers`',
      example: ['sessions', 'speakers'],
    }),
  })
  .openapi('LiveChanged')
export type LiveChanged = z.infer<typeof LiveChanged>

/** The `data` of a live stream's `refused` event: the error a read would now get; the stream then closes. */
export const LiveRefused = z
  .strictObject({
    code: z.enum(ERROR_CODES),
    message: z.string(),
  })
  .openapi('LiveRefused')
export type LiveRefused = z.infer<typeof LiveRefused>
