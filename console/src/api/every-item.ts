// Reads a list to its end, for screens that need every item (a speaker's sessions among the
// event's, the snippet builder's choices). The API pages at most 100 items.
import { apiList, type Query } from './client.ts'

const PAGE = 100
/** A bound on pages read: a loop over a remote answer must end. */
const MAX_PAGES = 1000

/**
 * @example
 * const sessions = await everyItem<Session>('/sessions', { event_id: id })
 */
export async function everyItem<T>(path: string, query: Query = {}): Promise<T[]> {
  const items: T[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await apiList<T>(path, { ...query, page, limit: PAGE })
    items.push(...result.items)
    if (page >= result.meta.totalPages || result.items.length === 0) break
  }
  return items
}
