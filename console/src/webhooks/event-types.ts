// The events an endpoint receives, as the form shows them: "all" (the API's `["*"]`, which also
// covers types added later) or a set of checkboxes, one per type the API names.
import { ALL_WEBHOOK_EVENTS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@event-service/db/webhooks/webhook-event-types.ts'

export { WEBHOOK_EVENT_TYPES, type WebhookEventType }

export interface EventSelection {
  all: boolean
  types: Set<WebhookEventType>
}

/** The form's selection for an endpoint's `events`. */
export function selectionOf(events: readonly string[]): EventSelection {
  const all = events.includes(ALL_WEBHOOK_EVENTS)
  const types = new Set(WEBHOOK_EVENT_TYPES.filter((t) => events.includes(t)))
  return { all, types }
}

/** `events` for the API ([] when nothing is chosen: the API refuses it, and the form says so first). */
export function eventsOf(selection: EventSelection): string[] {
  return selection.all ? [ALL_WEBHOOK_EVENTS] : WEBHOOK_EVENT_TYPES.filter((t) => selection.types.has(t))
}

/** The types grouped by what they are about (`speaker.created` → `speaker`), in the API's order. */
export function typeGroups(): { resource: string; types: WebhookEventType[] }[] {
  const groups: { resource: string; types: WebhookEventType[] }[] = []
  for (const type of WEBHOOK_EVENT_TYPES) {
    const resource = type.slice(0, type.indexOf('.'))
    const group = groups.find((g) => g.resource === resource)
    if (group) group.types.push(type)
    else groups.push({ resource, types: [type] })
  }
  return groups
}

/** A short text of an endpoint's events for the list ("all", or the types joined). */
export function eventsSummary(events: readonly string[], allWord: string): string {
  return events.includes(ALL_WEBHOOK_EVENTS) ? allWord : events.join(', ')
}
