import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/** A kind of ticket a visitor can choose when registering. */
export interface Ticket {
  id: string
  name: string
  description?: string | null
  price?: string | null
}

export interface EventsTable {
  id: Generated<string>
  account_id: string
  name: string
  description: string | null
  /** IANA time zone the event is held in, e.g. `Europe/Berlin`. */
  timezone: string
  starts_at: Date
  ends_at: Date
  venue: string | null
  tickets: ColumnType<Ticket[], string | undefined, string>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export type EventRow = Selectable<EventsTable>
export type NewEvent = Insertable<EventsTable>
export type EventUpdate = Updateable<EventsTable>
