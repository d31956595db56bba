import { expect } from '@open-wc/testing'
import type { Session } from '../../api/types.js'
import { buildModel, LABEL_STEPS, labelStep, layoutDay } from './schedule-model.js'

/** A session in Room A on 10 June 2031 (UTC), from `start` to `end` as `HH:MM`. */
const session = (id: number, start: string, end: string, room = 'Room A') =>
  ({
    id: `s${id}`,
    title: `Talk ${id}`,
    starts_at: `2031-06-10T${start}:00.000Z`,
    ends_at: `2031-06-10T${end}:00.000Z`,
    room,
    track: null,
    tags: [],
    language: null,
    speakers: [],
    cancelled: false,
  }) as unknown as Session

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))
const layout = (sessions: Session[]) => layoutDay(buildModel(sessions, 'UTC').items, 'room')
const labels = (sessions: Session[]) => layout(sessions).times.map((t) => new Date(t.at).toISOString().slice(11, 16))

describe('schedule model: the time column', () => {
  it('labels at the coarsest step every start falls on', () => {
    expect(labelStep(['09:00', '10:00', '13:00'].map(minutes))).to.equal(60)
    expect(labelStep(['09:00', '09:30', '11:00'].map(minutes))).to.equal(30)
    expect(labelStep(['09:00', '09:45'].map(minutes))).to.equal(15)
  })

  it('labels no finer than every 15 minutes, however the sessions start', () => {
    expect(labelStep(['09:05', '09:10', '09:25'].map(minutes))).to.equal(LABEL_STEPS[0])
    // 300 sessions starting at every 5 minutes of a day: one label a quarter hour, not one a row.
    const many = Array.from({ length: 300 }, (_, i) => 8 * 60 + (i % 120) * 5)
    expect(labelStep(many)).to.equal(15)
  })

  it('labels the whole day at that step, from its first half hour to its last session’s end', () => {
    expect(labels([session(1, '09:00', '10:00'), session(2, '10:00', '11:00'), session(3, '12:00', '12:45')])).to.deep.equal([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
    ])
    expect(labels([session(1, '09:30', '10:00'), session(2, '10:00', '10:30')])).to.deep.equal(['09:30', '10:00'])
  })

  it('places each label on the row of its minute, and each card on the row of its own start', () => {
    const day = layout([session(1, '09:00', '09:45'), session(2, '09:45', '10:30', 'Room B'), session(3, '10:10', '10:20')])
    const rowOf = (hhmm: string) => day.times.find((t) => t.minutes === minutes(hhmm))!.row
    expect(day.times.map((t) => t.minutes % 15)).to.satisfy((r: number[]) => r.every((m) => m === 0))
    const placed = (id: string) => day.placed.find((p) => p.item.session.id === id)!
    expect(placed('s2').row).to.equal(rowOf('09:45'))
    // 10:10 is two 5-minute rows after the 10:00 label, between the labels.
    expect(day.slot).to.equal(5)
    expect(placed('s3').row).to.equal(rowOf('10:00') + 2)
    expect(placed('s3').span).to.equal(2)
  })

  it('has a row a minute on a day where a session starts between 5 minutes, so it sits at its minute', () => {
    const day = layout([session(1, '09:00', '09:45'), session(2, '09:47', '10:30', 'Room B')])
    expect(day.slot).to.equal(1)
    const placed = day.placed.find((p) => p.item.session.id === 's2')!
    expect(placed.row - day.times[0]!.row).to.equal(47)
    expect(placed.span).to.equal(43)
    // Still labelled every quarter hour.
    expect(day.times.map((t) => t.minutes - day.times[0]!.minutes)).to.deep.equal([0, 15, 30, 45, 60, 75])
  })
})
