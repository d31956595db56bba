import { z } from '../openapi/zod.ts'

/** `meta` of every list (docs/admin-api.md). */
export const PageMeta = z
  .object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int().openapi({ description: 'Items matching the filters, over all pages (exact)' }),
    totalPages: z.number().int(),
  })
  .openapi('PageMeta')

/** `{success: true, data}` around `data`, registered in the document as `name`. */
export const dataEnvelope = <T extends z.ZodType>(name: string, data: T) => z.object({ success: z.literal(true), data }).openapi(name)

/** `{success: true, data: [...], meta}` around list items, registered as `name`. */
export const pageEnvelope = <T extends z.ZodType>(name: string, item: T) =>
  z.object({ success: z.literal(true), data: z.array(item), meta: PageMeta }).openapi(name)

/** The error body of both servers, declared once in server-common. */
export { ErrorEnvelope } from '@event-service/server-common/openapi.ts'

/** `DELETE` of a speaker, event or session. */
export const Deleted = dataEnvelope('DeletedResponse', z.object({ id: z.uuid(), deleted: z.literal(true) }).openapi('Deleted'))
