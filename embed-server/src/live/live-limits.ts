/**
 * Limits of the live streams (`GET /v1/events/{eventId}/live`), per embed server instance. The
 * caps per token and per IP are named constants rather than settings: they bound what one leaked
 * token or one network can make an instance hold (about 10 KB per open stream, socket included).
 * The cap on all streams together is `LIVE_STREAMS_MAX` (`config.liveStreamsMax`), the instance's
 * memory budget for them; a deployment that needs more streams adds instances.
 */
export const LIVE_LIMITS = {
  /**
   * Open streams of one token on one instance. A token sits in one organiser's pages, so this is
   * about the number of people who have them open at once per instance: roomy for a large
   * conference, and a bound (about 200 MB) on what one leaked token can make an instance hold.
   */
  perToken: 20_000,
  /**
   * Open streams from one client IP on one instance. A page opens one stream per event and token,
   * whatever number of widgets it has; a venue's Wi-Fi puts hundreds of visitors behind one address.
   */
  perIp: 1_000,
} as const

/** Comment lines at this interval keep proxies (most close idle connections after 30–60 s) from closing a stream. */
export const HEARTBEAT_MS = 20_000

/** How often streams whose token expires are checked: a token past `expires_at` is refused within this. */
export const EXPIRY_CHECK_MS = 250

/**
 * Changes to one event that arrive within this are sent as one `changed` (a session and its
 * speakers are written by one transaction, but announced table by table).
 */
export const COALESCE_MS = 50

/** The reconnect delay a stream ended by a graceful stop asks for (`retry:`): another instance, or this one restarted, by then. */
export const RECONNECT_AFTER_MS = 2_000

/** A stream whose client reads nothing while this much is queued for it is closed (it would only grow). */
export const MAX_QUEUED_BYTES = 64 * 1024

/** Seconds a client refused for the instance's cap on all streams is asked to wait (visitors come and go). */
export const FULL_RETRY_AFTER_SECONDS = 30

/** The caps of one instance: `LIVE_LIMITS`, and `total` from `LIVE_STREAMS_MAX` (tests and the benchmark override any). */
export interface LiveLimits {
  perToken: number
  perIp: number
  /** Open streams of this instance together; past it, 503 `SERVICE_UNAVAILABLE`. */
  total: number
}
