// An import plan as the screen shows it: the count table's rows, whether anything changes, and
// the changes in a steady order (new, changed, cancelled, deleted; sessions before speakers).
import type { ImportPlan, PlanAction, PlanChange, PlanKind } from './import-types.ts'

export const PLAN_ACTIONS: readonly PlanAction[] = ['created', 'updated', 'cancelled', 'deleted', 'unchanged']
export const PLAN_KINDS: readonly PlanKind[] = ['sessions', 'speakers']

/** One row of the counts table: a kind and its number per action (0 where the plan has none). */
export interface CountRow {
  kind: PlanKind
  counts: Record<PlanAction, number>
}

/**
 * The counts table: a row per kind, a column per action.
 *
 * @example
 * countRows(plan)[0] // { kind: 'sessions', counts: { created: 12, updated: 0, cancelled: 1, deleted: 0, unchanged: 3 } }
 */
export function countRows(plan: ImportPlan): CountRow[] {
  return PLAN_KINDS.map((kind) => ({
    kind,
    counts: Object.fromEntries(PLAN_ACTIONS.map((action) => [action, plan[action]?.[kind] ?? 0])) as Record<PlanAction, number>,
  }))
}

/** Whether the plan writes anything: creates, changes, cancels or deletes an item, or changes the event. */
export function changesAnything(plan: ImportPlan): boolean {
  return (
    (plan.event?.fields.length ?? 0) > 0 ||
    countRows(plan).some((row) => PLAN_ACTIONS.some((action) => action !== 'unchanged' && row.counts[action] > 0))
  )
}

const ACTION_ORDER = new Map(PLAN_ACTIONS.map((action, i) => [action, i]))
const KIND_ORDER = new Map([
  ['session', 0],
  ['speaker', 1],
])

/** The changes grouped by action, then kind, each group in the plan's own order. */
export function orderedChanges(changes: readonly PlanChange[]): PlanChange[] {
  return changes
    .map((change, i) => ({ change, i }))
    .sort(
      (a, b) =>
        (ACTION_ORDER.get(a.change.action) ?? 9) - (ACTION_ORDER.get(b.change.action) ?? 9) ||
        (KIND_ORDER.get(a.change.kind) ?? 9) - (KIND_ORDER.get(b.change.kind) ?? 9) ||
        a.i - b.i,
    )
    .map(({ change }) => change)
}
