// How a delivery reads in the log and its detail view: a badge per status, the body sent as
// indented JSON.

export type DeliveryStatus = 'pending' | 'delivered' | 'failed'

/** Web Awesome's badge variant for a status. */
export function statusVariant(status: DeliveryStatus): 'neutral' | 'success' | 'danger' {
  return status === 'delivered' ? 'success' : status === 'failed' ? 'danger' : 'neutral'
}

/** The body sent, as people read JSON. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2)
}
