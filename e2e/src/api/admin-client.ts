import createClient, { type Client } from 'openapi-fetch'
import type { paths } from '../../../scripts/admin-api-types/admin-api.generated.ts'

/**
 * A typed client of the admin API, generated from its own OpenAPI document. JSON answers only:
 * the CSV export of registrations (`Accept: text/csv`) is read with `fetch`.
 */
export type AdminClient = Client<paths, 'application/json'>

/**
 * @param adminUrl `{base_url}`, e.g. `http://127.0.0.1:3000/v1`
 * @param apiKey an account's `sk_…` key
 * @example
 * const api = createAdminClient(system.adminUrl, apiKey)
 * const { data, error } = await api.POST('/events', { body: { name: 'DevConf', … } })
 */
export function createAdminClient(adminUrl: string, apiKey: string): AdminClient {
  return createClient<paths, 'application/json'>({ baseUrl: adminUrl, headers: { Authorization: `Bearer ${apiKey}` } })
}
