// What both servers declare their routes with: one declaration per route gives the Koa route, its
// validated input and its OpenAPI operation. Its own entry point, so that code that serves no API
// (the CLI, the seed) does not load the OpenAPI generator.
export * from './openapi/api-builder.ts'
export * from './openapi/envelopes.ts'
export * from './openapi/error-descriptions.ts'
export * from './openapi/zod.ts'
