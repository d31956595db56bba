import { describe, expect, it } from 'vitest'
import { answerLines } from './answers.ts'
import { countAfter } from './check-in-count.ts'
import { fileNameOf } from './csv-download.ts'
import { filterQuery, filtersFromSearch, NO_FILTERS, PAGE_SIZE, pageQuery, searchFromFilters } from './filters.ts'
import { canCheckIn, statusActions } from './status-actions.ts'

const EVENT = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b'

describe('registration filters', () => {
  it('round-trip through the page address, leaving defaults out', () => {
    const filters = { search: 'ada', ticket: 'standard', status: 'pending' as const, page: 3 }
    expect(searchFromFilters(filters)).toBe('?q=ada&ticket=standard&status=pending&page=3')
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters)
    expect(searchFromFilters(NO_FILTERS)).toBe('')
  })

  it('drop what an address should not carry: unknown statuses and pages that are not positive integers', () => {
    expect(filtersFromSearch('?status=deleted&page=-2')).toEqual(NO_FILTERS)
    expect(filtersFromSearch('?page=2.5').page).toBe(1)
  })

  it('ask the API for one page of the filtered list, newest first, and the export for all of it', () => {
    const filters = { search: '  ada ', ticket: '', status: '' as const, page: 2 }
    expect(pageQuery(EVENT, filters)).toEqual({
      event_id: EVENT,
      search: 'ada',
      ticket_id: undefined,
      status: undefined,
      page: 2,
      limit: PAGE_SIZE,
      sort: 'created_at',
      order: 'desc',
    })
    expect(filterQuery(EVENT, filters)).not.toHaveProperty('page')
  })
})

describe('status actions', () => {
  it('offer what PATCH allows from each status', () => {
    const names = (status: Parameters<typeof statusActions>[0]) => statusActions(status).map((a) => `${a.action}:${a.status}`)
    expect(names('pending')).toEqual(['confirm:registered', 'checkIn:checked_in', 'cancel:cancelled'])
    expect(names('registered')).toEqual(['checkIn:checked_in', 'cancel:cancelled'])
    expect(names('checked_in')).toEqual(['undoCheckIn:registered', 'cancel:cancelled'])
    expect(names('cancelled')).toEqual(['reinstate:registered'])
    expect(names('expired')).toEqual(['reinstate:registered'])
    expect(statusActions('registered').find((a) => a.action === 'cancel')?.confirm).toBe(true)
  })

  it('let the door check in registered and pending registrations only', () => {
    expect(['pending', 'registered', 'checked_in', 'cancelled', 'expired'].filter((s) => canCheckIn(s as never))).toEqual([
      'pending',
      'registered',
    ])
  })
})

describe('check-in counter', () => {
  it('moves with a check-in, its undo, and a pending registration confirmed at the door', () => {
    const start = { checkedIn: 3, expected: 10 }
    expect(countAfter(start, 'registered', 'checked_in')).toEqual({ checkedIn: 4, expected: 10 })
    expect(countAfter(countAfter(start, 'registered', 'checked_in'), 'checked_in', 'registered')).toEqual(start)
    expect(countAfter(start, 'pending', 'checked_in')).toEqual({ checkedIn: 4, expected: 11 })
    expect(countAfter(start, 'checked_in', 'cancelled')).toEqual({ checkedIn: 2, expected: 9 })
  })
})

describe('answers', () => {
  it('follow the form order with labels, and keep answers to removed questions under their id', () => {
    const questions = [
      { id: 'diet', label: 'Dietary requirements', type: 'multi' },
      { id: 'tshirt', label: 'T-shirt', type: 'choice' },
      { id: 'photos', label: 'Photos are fine', type: 'checkbox' },
    ]
    expect(answerLines(questions, { photos: false, old: 'kept', diet: ['vegan', 'no nuts'] }, { yes: 'Yes', no: 'No' })).toEqual([
      { id: 'diet', label: 'Dietary requirements', text: 'vegan, no nuts', removed: false },
      { id: 'photos', label: 'Photos are fine', text: 'No', removed: false },
      { id: 'old', label: 'old', text: 'kept', removed: true },
    ])
  })
})

describe('CSV file name', () => {
  it('is the one the server names, never a path', () => {
    expect(fileNameOf('attachment; filename="registrations-42.csv"', 'x.csv')).toBe('registrations-42.csv')
    expect(fileNameOf('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('x.csv')
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv')
  })
})
