import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { isClientDataError, isDatabaseUnavailable, isPgError, SQLSTATE } from './sqlstate.ts'

/** An error as pg and PGlite report a Postgres error: the SQLSTATE in `code`. */
const pgError = (code: string, message = 'error') => Object.assign(new Error(message), { code, severity: 'ERROR' })

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['connection reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['connect timed out (socket)', Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' })],
    ['connection lost', new Error('Connection terminated unexpectedly')],
    ['connect timed out (pool)', new Error('Connection terminated due to connection timeout')],
    ['no free connection in time', new Error('timeout exceeded when trying to connect')],
    ['class 08: connection failure', pgError('08006')],
    ['class 08: cannot establish', pgError('08001')],
    ['admin shutdown (restart)', pgError(SQLSTATE.adminShutdown, 'terminating connection due to administrator command')],
    ['crash shutdown', pgError(SQLSTATE.crashShutdown)],
    ['starting up', pgError(SQLSTATE.cannotConnectNow, 'the database system is starting up')],
    ['too many connections', pgError(SQLSTATE.tooManyConnections, 'sorry, too many clients already')],
    ['PGlite closed', new Error('PGlite is closed')],
    ['Kysely destroyed', new Error('driver has already been destroyed')],
    ['wrapped in a cause', new Error('query failed', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) })],
  ])('%s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true)
  })

  it('sees through the AggregateError of a host name with several addresses', async () => {
    const err = await new Promise<Error>((resolve) => {
      // localhost has an IPv4 and an IPv6 address here; nothing listens on port 1 of either.
      const socket = connect({ host: 'localhost', port: 1 })
      socket.on('error', resolve)
    })
    expect(isDatabaseUnavailable(err)).toBe(true)
  })

  it.each([
    ['a unique violation', pgError(SQLSTATE.uniqueViolation)],
    ['a syntax error', pgError('42601')],
    ['a bad password (a configuration mistake, not an outage)', pgError('28P01')],
    ['an ordinary error', new Error('boom')],
    ['a string', 'ECONNREFUSED'],
    ['null', null],
  ])('not %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false)
  })
})

describe('isPgError and isClientDataError', () => {
  it('match the SQLSTATE only', () => {
    expect(isPgError(pgError('23505'), SQLSTATE.uniqueViolation)).toBe(true)
    expect(isPgError(pgError('23503'), SQLSTATE.uniqueViolation)).toBe(false)
    expect(isPgError(undefined, SQLSTATE.uniqueViolation)).toBe(false)
    expect(isClientDataError(pgError(SQLSTATE.invalidTextRepresentation))).toBe(true)
    expect(isClientDataError(pgError(SQLSTATE.uniqueViolation))).toBe(false)
  })
})
