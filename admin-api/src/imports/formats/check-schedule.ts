import type { FieldError } from '@event-service/server-common/api-error.ts'
import type { ImportedSchedule } from './imported-schedule.ts'

/**
 * The rules every source keeps, whatever its format: a session ends no earlier than it starts, and
 * no two sessions (or speakers) share a source id, since a re-import finds items by that id. Each
 * problem is named at the place of the later item.
 */
export function checkSchedule(schedule: Pick<ImportedSchedule, 'sessions' | 'speakers'>): FieldError[] {
  const problems: FieldError[] = []
  for (const session of schedule.sessions) {
    if (session.ends_at.getTime() < session.starts_at.getTime()) {
      problems.push({
        path: session.place,
        message: `ends at ${session.ends_at.toISOString()}, before it starts at ${session.starts_at.toISOString()}`,
      })
    }
  }
  problems.push(...duplicates('session', schedule.sessions), ...duplicates('speaker', schedule.speakers))
  return problems
}

function duplicates(kind: string, items: readonly { source_id: string; place: string }[]): FieldError[] {
  const first = new Map<string, string>()
  const problems: FieldError[] = []
  for (const item of items) {
    const earlier = first.get(item.source_id)
    if (earlier === undefined) first.set(item.source_id, item.place)
    else problems.push({ path: item.place, message: `has the id ${item.source_id} of another ${kind} (${earlier})` })
  }
  return problems
}
