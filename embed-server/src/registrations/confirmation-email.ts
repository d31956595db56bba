import type { EmailToSend } from '@event-service/db'
import ical, { ICalCalendarMethod } from 'ical-generator'
import { locationOf, UID_DOMAIN } from '../calendar/schedule-feed.ts'
import type { PublicEvent } from '../events/events.schema.ts'
import { CANCEL_PATH, CONFIRM_PATH } from './link-page-routes.ts'
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

/** `{base}/v1/registrations/cancel?token=…`. */
export const cancelUrlOf = (base: string, token: string): string => `${base}${CANCEL_PATH}?token=${encodeURIComponent(token)}`

/** `{base}/v1/registrations/confirm?token=…`. */
export const confirmUrlOf = (base: string, token: string): string => `${base}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`

/** What the emails before a confirmation tell: the request's facts, no cancel link yet. */
export type Request = Omit<Confirmation, 'cancelUrl'>

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
 * The facts of a registration, one labelled line each. The registrant's name is one of them, a
 * value after its label and never part of a sentence of ours: what someone typed into the form
 * ("…, pay the fee at …") cannot read as the product's own words. Names are one line (the schema
 * refuses control characters), so a name cannot add lines of its own either.
 */
function factsOf(c: Request, t: ReturnType<typeof mailMessagesOf>): string[] {
  return [
    `${t.name}: ${c.name}`,
    c.ticketName ? `${t.ticket}: ${c.ticketName}` : undefined,
    `${t.when}: ${whenOf(c.event, t.lang)}`,
    c.event.venue ? `${t.where}: ${c.event.venue}` : undefined,
  ].filter((line): line is string => line !== undefined)
}

/**
 * The confirmation email of a registration, rendered once when it is enqueued (the outbox sends
 * these bytes on every attempt): plain text in the registrant's language with the event, the
 * ticket, when and where, and the cancel link; the event as an `.ics` attachment.
 */
export function confirmationEmail(c: Confirmation): EmailToSend {
  const t = mailMessagesOf(c.locale)
  const text = [t.greeting, '', t.registered(c.event.name), '', ...factsOf(c, t), '', t.calendar, '', t.cancelIntro, c.cancelUrl, ''].join(
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

/**
 * The email of a pending registration (double opt-in): the confirm link, how long the place is
 * held, and what to do when someone else typed this address. No calendar file: nothing is booked yet.
 */
export function confirmRequestEmail(c: Request & { confirmUrl: string; holdMs: number }): EmailToSend {
  const t = mailMessagesOf(c.locale)
  const minutes = Math.max(1, Math.round(c.holdMs / 60_000))
  const text = [
    t.greeting,
    '',
    t.confirmIntro(c.event.name),
    c.confirmUrl,
    '',
    t.confirmHold(minutes),
    '',
    ...factsOf(c, t),
    '',
    t.notYou,
    '',
  ].join('\n')
  return {
    account_id: c.accountId,
    event_id: c.event.id,
    registration_id: c.registrationId,
    kind: 'registration.confirm_request',
    to_address: c.email,
    subject: t.confirmSubject(c.event.name),
    text_body: text,
    ics: null,
  }
}

/**
 * The email to an address that is registered already and was submitted again: it says so, and
 * nothing else changes (the form's answer is the same as for a new address, so only the inbox's
 * owner learns it). No link: the earlier confirmation has the cancel link.
 */
export function alreadyRegisteredEmail(c: Request): EmailToSend {
  const t = mailMessagesOf(c.locale)
  const text = [t.greeting, '', t.alreadyText(c.event.name), '', ...factsOf(c, t), '', t.notYou, ''].join('\n')
  return {
    account_id: c.accountId,
    event_id: c.event.id,
    registration_id: c.registrationId,
    kind: 'registration.already_registered',
    to_address: c.email,
    subject: t.alreadySubject(c.event.name),
    text_body: text,
    ics: null,
  }
}
