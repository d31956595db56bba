import { z } from '../openapi/zod.ts'

/** Largest page number accepted; beyond it offsets only make the database work for nothing. */
const MAX_PAGE = 1_000_000

export interface ListQueryOptions<S extends readonly [string, ...string[]]> {
  sortFields: S
  defaultSort: S[number]
  defaultOrder?: 'asc' | 'desc'
  /** Default 20 (docs/admin-api.md#limits). */
  defaultLimit?: number
  /** Default 100 (docs/admin-api.md#limits). */
  maxLimit?: number
}

/**
 * The list parameters of docs/admin-api.md#lists (`page`, `limit`, `sort`, `order`) as a zod object
 * that each list extends with its own filters (then `.strict()`).
 *
 * @example
 * const ListSpeakersQuery = listQuery({ sortFields: ['name', 'created_at'], defaultSort: 'created_at' })
 *   .extend({ event_id: uuid }).strict()
 */
export function listQuery<const S extends readonly [string, ...string[]]>(options: ListQueryOptions<S>) {
  const { sortFields, defaultSort, defaultOrder = 'asc', defaultLimit = 20, maxLimit = 100 } = options
  return z.object({
    page: z.coerce
      .number({ error: 'must be a positive integer' })
      .int('must be a positive integer')
      .min(1, 'must be at least 1')
      .max(MAX_PAGE, `must be at most ${MAX_PAGE}`)
      .default(1)
      .openapi({ description: 'Page number, from 1', example: 1 }),
    limit: z.coerce
      .number({ error: `must be an integer from 1 to ${maxLimit}` })
      .int(`must be an integer from 1 to ${maxLimit}`)
      .min(1, `must be an integer from 1 to ${maxLimit}`)
      .max(maxLimit, `must be an integer from 1 to ${maxLimit}`)
      .default(defaultLimit)
      .openapi({ description: `Items per page (default ${defaultLimit}, maximum ${maxLimit})`, example: defaultLimit }),
    sort: z
      .enum(sortFields)
      .default(defaultSort as never)
      .openapi({ description: `Field to sort by (default \`${defaultSort}\`); ties are broken by id` }),
    order: z
      .enum(['asc', 'desc'])
      .default(defaultOrder)
      .openapi({ description: `Sort direction (default \`${defaultOrder}\`)` }),
  })
}

/** Rows to skip for a page. */
export const offsetOf = (q: { page: number; limit: number }): number => (q.page - 1) * q.limit
