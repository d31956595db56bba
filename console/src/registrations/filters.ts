// The registrations list's filters: kept in the page's URL (so a reload, a shared link and the
// back button keep them) and turned into the API's query. Paging is the server's: the list asks
// for one page, so 10,000 registrations cost what 50 do.
import { REGISTRATION_STATUSES, type RegistrationStatus } from '@event-service/db/tables/registrations.ts'

export const PAGE_SIZE = 50

export interface RegistrationFilters {
  search: string
  ticket: string
  status: RegistrationStatus | ''
  page: number
}

export const NO_FILTERS: RegistrationFilters = { search: '', ticket: '', status: '', page: 1 }

const isStatus = (value: string | null): value is RegistrationStatus => (REGISTRATION_STATUSES as readonly string[]).includes(value ?? '')

/** The filters a page address carries (`?q=ada&ticket=standard&status=pending&page=3`); anything odd is left out. */
export function filtersFromSearch(search: string): RegistrationFilters {
  const params = new URLSearchParams(search)
  const page = Number(params.get('page'))
  const status = params.get('status')
  return {
    search: (params.get('q') ?? '').slice(0, 200),
    ticket: (params.get('ticket') ?? '').slice(0, 50),
    status: isStatus(status) ? status : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

/** The address's query for these filters ('' with none), defaults left out. */
export function searchFromFilters(filters: RegistrationFilters): string {
  const params = new URLSearchParams()
  if (filters.search.trim()) params.set('q', filters.search.trim())
  if (filters.ticket) params.set('ticket', filters.ticket)
  if (filters.status) params.set('status', filters.status)
  if (filters.page > 1) params.set('page', String(filters.page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The filters of `GET /v1/registrations` (the list's and the CSV export's). */
export function filterQuery(eventId: string, filters: RegistrationFilters): Record<string, string | undefined> {
  return {
    event_id: eventId,
    search: filters.search.trim() || undefined,
    ticket_id: filters.ticket || undefined,
    status: filters.status || undefined,
  }
}

/** The list's query: the filters, one page, newest first. */
export function pageQuery(eventId: string, filters: RegistrationFilters): Record<string, string | number | undefined> {
  return { ...filterQuery(eventId, filters), page: filters.page, limit: PAGE_SIZE, sort: 'created_at', order: 'desc' }
}
