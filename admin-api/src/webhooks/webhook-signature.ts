import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'

/** Prefix of signing secrets (Standard Webhooks): `whsec_` + base64 of the key's bytes. */
export const SECRET_PREFIX = 'whsec_'

/** A new signing secret: `whsec_` + base64 of 32 random bytes (the specification asks for 24 to 64). */
export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`

/** The Standard Webhooks headers of one attempt. */
export interface SignatureHeaders {
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

/**
 * Signs one attempt with the `standardwebhooks` package, so that receivers' `new
 * Webhook(secret).verify(body, headers)` accepts it: `v1,` + base64 HMAC-SHA256 of
 * `{id}.{timestamp}.{body}` keyed with the secret's bytes. `at` is the attempt's time (each
 * attempt is signed anew: receivers refuse timestamps more than 5 minutes off).
 *
 * @example
 * signatureHeaders('whsec_…', 'msg_…', '{"type":"webhook.test",…}')
 */
export function signatureHeaders(secret: string, messageId: string, body: string, at: Date = new Date()): SignatureHeaders {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  }
}
