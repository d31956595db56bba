import { expect } from '@open-wc/testing'
import sessionsFixture from '../../test/fixtures/sessions.json' with { type: 'json' }
import type { Session } from '../api/types.js'
import { messagesFor } from '../i18n/index.js'
import { describeChangeOf } from './session-changes.js'

const SESSIONS = ((sessionsFixture as { data?: Session[] }).data ?? (sessionsFixture as unknown as Session[])) as Session[]
const seen = SESSIONS.find((s) => !s.cancelled)!
const say = (now: Session | undefined) => describeChangeOf(seen, now, messagesFor('en'), 'en-GB', 'UTC')

describe('what an open dialog says of its session after live changes', () => {
  it('says nothing of a new title or abstract: they simply show', () => {
    expect(say({ ...seen, title: 'Renamed', description: 'New words' })).to.equal('')
  })

  it('says where a session moved, that it was cancelled, or that it is gone', () => {
    expect(say({ ...seen, room: 'Room 9' })).to.match(/has moved: now .*, Room 9\.$/)
    expect(say({ ...seen, cancelled: true })).to.equal(`“${seen.title}” has been cancelled.`)
    expect(say(undefined)).to.equal(`“${seen.title}” has been removed from the programme.`)
  })
})
