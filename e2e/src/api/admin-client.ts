import createClient, { type Client } from 'openapi-fetch'
import type { paths } from './admin-api.generated.ts'

/** A typed client of the admin API, generated from its own OpenAPI document. */
export type AdminClient = Client<paths>

/**
 * @param adminUrl `{base_url}`, e.g. `http://127.0.0.1:3000/v1`
 * @param apiKey an account's `sk_…` key
 * @example
 * const api = createAdminClient(system.adminUrl, apiKey)
 * const { data, error } = await api.POST('/events', { body: { name: 'DevConf', … } })
 */
export function createAdminClient(adminUrl: string, apiKey: string): AdminClient {
  return createClient<paths>({ baseUrl: adminUrl, headers: { Authorization: `Bearer ${apiKey}` } })
}
