/** Domains whose mailboxes ignore dots in the local part (and are one service under two names). */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com'])

/**
 * The inbox an address delivers to, as a key for comparing addresses: lower-cased, a `+tag` cut
 * from the local part (`ada+conf@…` reaches `ada@…` at nearly every provider), and for Gmail the
 * dots of the local part removed and `googlemail.com` written `gmail.com`. Not an address to write
 * to: only a key. Every comparison of addresses that is about whose inbox it is uses this one
 * function (the per-email rate limit of registrations).
 *
 * @example
 * normaliseEmail('A.Da+Conf@GoogleMail.com') // 'ada@gmail.com'
 */
export function normaliseEmail(address: string): string {
  const lower = address.trim().toLowerCase()
  const at = lower.lastIndexOf('@')
  if (at <= 0) return lower
  let local = lower.slice(0, at)
  let domain = lower.slice(at + 1)
  const plus = local.indexOf('+')
  if (plus > 0) local = local.slice(0, plus)
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '')
    domain = 'gmail.com'
  }
  return `${local}@${domain}`
}
