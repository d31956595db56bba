export { createEmbedApp, type EmbedAppDeps } from './app.ts'
