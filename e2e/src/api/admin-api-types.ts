import { renderAdminApiTypes as render } from '../../../scripts/admin-api-types/admin-api-types.ts'

export { withoutDocComments } from '../../../scripts/admin-api-types/admin-api-types.ts'

/** Where the committed client types live, relative to this module. */
export const ADMIN_API_TYPES_FILE = new URL('./admin-api.generated.ts', import.meta.url)

/** How to refresh them. */
export const REGENERATE_COMMAND = 'npm run generate:api -w e2e'

/**
 * Renders the TypeScript types of an OpenAPI document exactly as the committed file holds them.
 *
 * @example
 * const source = await renderAdminApiTypes(await (await fetch(`${adminUrl}/openapi.json`)).json())
 */
export const renderAdminApiTypes = (document: object): Promise<string> => render(document, REGENERATE_COMMAND)
