export { createEmbedApp, type EmbedAppDeps } from './app.ts'
export { compileOriginPolicy, normaliseOrigin } from './tokens/origins.ts'
