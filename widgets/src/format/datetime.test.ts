import { expect } from '@open-wc/testing'
import { dayKey, minutesOfDay, wallTime } from './datetime.js'

describe('wallTime', () => {
  // Expected values are what Intl itself prints for these instants and zones.
  it('gives the day and minutes in the zone, across a daylight-saving change', () => {
    expect(wallTime('2031-03-30T00:59:00Z', 'Europe/Berlin')).to.deep.equal({ day: '2031-03-30', minutes: 1 * 60 + 59 })
    expect(wallTime('2031-03-30T01:00:00Z', 'Europe/Berlin')).to.deep.equal({ day: '2031-03-30', minutes: 3 * 60 })
  })

  it('moves to the next day after local midnight, in zones off the whole hour too', () => {
    expect(wallTime('2031-06-10T22:30:00Z', 'Europe/Berlin')).to.deep.equal({ day: '2031-06-11', minutes: 30 })
    expect(wallTime('2031-06-10T20:15:00Z', 'Asia/Kolkata')).to.deep.equal({ day: '2031-06-11', minutes: 1 * 60 + 45 })
    expect(wallTime(Date.parse('2031-06-10T07:00:00Z'), 'America/St_Johns')).to.deep.equal({ day: '2031-06-10', minutes: 4 * 60 + 30 })
  })

  it('agrees with dayKey and minutesOfDay', () => {
    const at = '2031-06-10T07:05:00Z'
    expect([dayKey(at, 'UTC'), minutesOfDay(at, 'UTC')]).to.deep.equal(['2031-06-10', 7 * 60 + 5])
  })
})
