import { fileURLToPath } from 'node:url'

/** The repository root, so that child processes run exactly as a site owner would run them. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))
