import { updateSession } from '@event-service/admin-api/sessions/sessions.service.ts'
import type { Database } from '@event-service/db'
import { notFound } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import { z } from 'zod'

/** What the demo page's "change something" control asks for. */
export const DemoChangeBody = z.strictObject({ action: z.enum(['move', 'cancel', 'undo']) })
export type DemoChangeBody = z.infer<typeof DemoChangeBody>

/** Changes to the demo event that a visitor of the demo page can make and undo. */
export interface DemoChanges {
  /** Makes one change; the answer says what changed, in words for the page. */
  apply(action: DemoChangeBody['action']): Promise<{ message: string; session_id: string | null }>
}

interface Before {
  starts_at: Date
  ends_at: Date
  room: string | null
  cancelled: boolean
}

const MOVE_MS = 30 * 60_000

/**
 * The demo's changes, made as the demo account through the admin API's own session service (so
 * they are announced like any organiser's change: live streams, webhooks, calendar feeds). `move`
 * shifts the earliest session that is not cancelled by 30 minutes into another room, `cancel`
 * cancels the latest one that is not; `undo` puts back every session changed since the server
 * started.
 */
export function createDemoChanges(db: Kysely<Database>, eventId: string): DemoChanges {
  const originals = new Map<string, Before>()

  const sessions = () =>
    db
      .selectFrom('sessions')
      .select(['id', 'account_id', 'title', 'starts_at', 'ends_at', 'room', 'cancelled'])
      .where('event_id', '=', eventId)
      .orderBy('starts_at')
      .orderBy('id')
      .execute()

  const remember = (s: Before & { id: string }) => {
    if (!originals.has(s.id)) originals.set(s.id, { starts_at: s.starts_at, ends_at: s.ends_at, room: s.room, cancelled: s.cancelled })
  }

  return {
    async apply(action) {
      const all = await sessions()
      const live = all.filter((s) => !s.cancelled)
      if (action === 'undo') {
        for (const s of all) {
          const before = originals.get(s.id)
          if (!before) continue
          await updateSession(db, s.account_id, s.id, {
            starts_at: before.starts_at.toISOString(),
            ends_at: before.ends_at.toISOString(),
            room: before.room,
            cancelled: before.cancelled,
          })
        }
        const count = originals.size
        originals.clear()
        return {
          message: count ? `Put back ${count === 1 ? '1 session' : `${count} sessions`} as seeded.` : 'Nothing to undo.',
          session_id: null,
        }
      }
      const target = action === 'move' ? live[0] : live.at(-1)
      if (!target) throw notFound('Session')
      remember(target)
      if (action === 'cancel') {
        await updateSession(db, target.account_id, target.id, { cancelled: true })
        return { message: `Cancelled “${target.title}”.`, session_id: target.id }
      }
      const rooms = [...new Set(all.map((s) => s.room).filter((r): r is string => Boolean(r)))]
      const room = rooms.find((r) => r !== target.room) ?? target.room
      await updateSession(db, target.account_id, target.id, {
        starts_at: new Date(target.starts_at.getTime() + MOVE_MS).toISOString(),
        ends_at: new Date(target.ends_at.getTime() + MOVE_MS).toISOString(),
        room,
      })
      return {
        message: `Moved “${target.title}” 30 minutes later${room && room !== target.room ? `, to ${room}` : ''}.`,
        session_id: target.id,
      }
    },
  }
}
