/** Pagination facts of a list response (docs/admin-api.md#response-envelope). */
export interface PageMeta {
  page: number
  limit: number
  total: number
  totalPages: number
}

/** `{success: true, data}` */
export const ok = <T>(data: T) => ({ success: true as const, data })

/** `{success: true, data, meta}` for a page of a list. */
export const page = <T>(data: T[], meta: { page: number; limit: number; total: number }) => ({
  success: true as const,
  data,
  meta: { ...meta, totalPages: Math.ceil(meta.total / meta.limit) } satisfies PageMeta,
})
