import type { Session } from '../api/types.js'
import { formatSessionWhen } from '../format/datetime.js'
import type { Messages } from '../i18n/index.js'

/** What a live change did to the sessions a visitor sees. */
export interface SessionChanges {
  /** Sessions whose start or room changed. */
  moved: Session[]
  /** Sessions that became cancelled. */
  cancelled: Session[]
}

/**
 * Compares the sessions before and after a live change, by id: a session that starts at another
 * time or in another room has moved; one that became cancelled is cancelled (sessions added or
 * removed are neither: they simply appear or go).
 */
export function sessionChanges(before: readonly Session[], after: readonly Session[]): SessionChanges {
  const old = new Map(before.map((s) => [s.id, s]))
  const moved: Session[] = []
  const cancelled: Session[] = []
  for (const s of after) {
    const was = old.get(s.id)
    if (!was) continue
    if (s.cancelled && !was.cancelled) cancelled.push(s)
    else if (!s.cancelled && (was.starts_at !== s.starts_at || was.room !== s.room)) moved.push(s)
  }
  return { moved, cancelled }
}

/** The sentence announced for a live change: each moved session with its new time and room, each cancelled one. */
export function describeSessionChanges(changes: SessionChanges, t: Messages, lang: string, timeZone: string): string {
  return [
    ...changes.moved.map((s) => t.sessionMoved(s.title, formatSessionWhen(s.starts_at, s.ends_at, lang, timeZone), s.room ?? '')),
    ...changes.cancelled.map((s) => t.sessionCancelled(s.title)),
  ].join(' ')
}

/**
 * What an open dialog says of its session after live changes, against the session as the visitor
 * first saw it there: that it moved (where to), was cancelled, or is gone (`now` undefined);
 * empty when none of these (a new title or abstract simply shows).
 */
export function describeChangeOf(seen: Session, now: Session | undefined, t: Messages, lang: string, timeZone: string): string {
  if (!now) return t.sessionRemoved(seen.title)
  return describeSessionChanges(sessionChanges([seen], [now]), t, lang, timeZone)
}
