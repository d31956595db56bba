import type { RouterMiddleware } from '@koa/router'
import compose from 'koa-compose'
import type { EmbedRateLimits } from '../rate-limit/embed-rate-limit.ts'
import { grantCors } from '../tokens/cors.ts'
import { checkToken, type EmbedState, type TokenVerifier } from '../tokens/token-auth.ts'
import { countUsage, type UsageCounter } from '../usage/usage-counter.ts'
import { validPathIds } from './path-ids.ts'

/** One step of the guard in front of every public read, named so that the hot path can tell which it knows. */
export interface GuardStep {
  name: string
  middleware: RouterMiddleware<EmbedState>
}

/**
 * The guard of the public reads, in order: path ids (400 before any lookup), token (refusals stop
 * here, without CORS), CORS grant, per-token rate limit, usage count. The hot path
 * (`fast-path.ts`) runs the same steps with the same functions, and turns itself off when this
 * list holds a step it does not know.
 */
export function guardSteps(deps: { verifyToken: TokenVerifier; limits: EmbedRateLimits; usage: UsageCounter }): GuardStep[] {
  return [
    { name: 'path-ids', middleware: validPathIds },
    { name: 'token', middleware: checkToken(deps.verifyToken) },
    { name: 'cors', middleware: grantCors },
    { name: 'rate-limit', middleware: deps.limits.perTokenStep },
    { name: 'usage', middleware: countUsage(deps.usage) },
  ]
}

/** The steps as one middleware. */
export const composeGuard = (steps: readonly GuardStep[]): RouterMiddleware<EmbedState> => compose(steps.map((s) => s.middleware))
