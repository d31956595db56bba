import { renderAdminApiTypes as render } from '../../../scripts/admin-api-types/admin-api-types.ts'

export { withoutDocComments } from '../../../scripts/admin-api-types/admin-api-types.ts'
export { ADMIN_API_TYPES_FILE, REGENERATE_COMMAND } from '../../../scripts/admin-api-types/admin-api-types.ts'

/**
 * Renders the TypeScript types of an OpenAPI document exactly as the committed file holds them.
 *
 * @example
 * const source = await renderAdminApiTypes(await (await fetch(`${adminUrl}/openapi.json`)).json())
 */
export const renderAdminApiTypes = (document: object): Promise<string> => render(document)
