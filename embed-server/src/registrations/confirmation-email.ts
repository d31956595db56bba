import type { EmailToSend } from '@event-service/db'
import ical, { ICalCalendarMethod } from 'ical-generator'
import { locationOf, UID_DOMAIN } from '../calendar/schedule-feed.ts'
import type { PublicEvent } from '../events/events.schema.ts'
import { mailMessagesOf } from './registration-mail.messages.ts'

/** What the confirmation of one registration tells. */
export interface Confirmation {
  accountId: string
  event: PublicEvent
  registrationId: string | null
  name: string
  email: string
  ticketName: string | null
  locale: string
  /** The one-time cancel link, with its secret. */
  cancelUrl: string
}

/** The path of the cancel page; the secret follows as `?token=`. */
export const CANCEL_PATH = '/v1/registrations/cancel'

/** `{base}/v1/registrations/cancel?token=…`. */
export const cancelUrlOf = (base: string, token: string): string => `${base}${CANCEL_PATH}?token=${encodeURIComponent(token)}`

/** "Mon 1 March 2027, 09:00 – Tue 2 March 2027, 18:00 (Europe/Paris)", in the registrant's language. */
function whenOf(event: PublicEvent, lang: string): string {
  const format = new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeStyle: 'short', timeZone: event.timezone })
  return `${format.formatRange(new Date(event.starts_at), new Date(event.ends_at))} (${event.timezone})`
}

/** The calendar attachment: the event itself, with the registration's own stable UID. */
function icsOf(c: Confirmation): string {
  const calendar = ical({
    prodId: { company: 'event-service', product: 'registration', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  })
  calendar.createEvent({
    id: `registration-${c.registrationId ?? 'new'}@${UID_DOMAIN}`,
    start: new Date(c.event.starts_at),
    end: new Date(c.event.ends_at),
    summary: c.event.name,
    description: c.event.description ?? null,
    location: locationOf(null, c.event.venue) ?? null,
  })
  return calendar.toString()
}

/**
 * The confirmation email of a registration, rendered once when it is enqueued (the outbox sends
 * these bytes on every attempt): plain text in the registrant's language with the event, the
 * ticket, when and where, and the cancel link; the event as an `.ics` attachment.
 */
export function confirmationEmail(c: Confirmation): EmailToSend {
  const t = mailMessagesOf(c.locale)
  const facts = [
    c.ticketName ? `${t.ticket}: ${c.ticketName}` : undefined,
    `${t.when}: ${whenOf(c.event, t.lang)}`,
    c.event.venue ? `${t.where}: ${c.event.venue}` : undefined,
  ].filter((line): line is string => line !== undefined)
  const text = [t.greeting(c.name), '', t.registered(c.event.name), '', ...facts, '', t.calendar, '', t.cancelIntro, c.cancelUrl, ''].join(
    '\n',
  )
  return {
    account_id: c.accountId,
    event_id: c.event.id,
    registration_id: c.registrationId,
    kind: 'registration.confirmation',
    to_address: c.email,
    subject: t.subject(c.event.name),
    text_body: text,
    ics: icsOf(c),
  }
}
