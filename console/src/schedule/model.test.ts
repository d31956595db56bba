import { describe, expect, it } from 'vitest'
import { eventDays, knownTracks, roomColumns, type ScheduleSession, sessionsByDay, slotOf, trackColours } from './model.ts'

const s = (id: string, starts_at: string, room: string | null, track: string | null = null): ScheduleSession => ({
  id,
  title: id,
  starts_at,
  ends_at: starts_at,
  room,
  track,
  cancelled: false,
  speakers: [{ id: 'ada', name: 'Ada' }],
})

describe('schedule model', () => {
  it('makes a column per room of the event in its order, then rooms only sessions name, then the no-room column', () => {
    const sessions = [
      s('a', '2026-06-10T07:00:00Z', 'Hall B'),
      s('b', '2026-06-11T07:00:00Z', 'Ästhetik'),
      s('c', '2026-06-10T07:00:00Z', null),
    ]
    expect(roomColumns(['Loft', 'Hall B'], sessions)).toEqual(['Loft', 'Hall B', 'Ästhetik', null])
    expect(roomColumns([], [])).toEqual([null])
  })

  it('lists the event’s tracks, then tracks only sessions name, each with a colour by that order', () => {
    const tracks = knownTracks(['Web'], [s('a', '', null, 'Web'), s('b', '', null, 'Data'), s('c', '', null, null), s('d', '', null, 'AI')])
    expect(tracks).toEqual(['Web', 'AI', 'Data'])
    expect([...trackColours([...tracks, 'e', 'f', 'g', 'h', 'i', 'j'])].map(([, c]) => c)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 0])
  })

  it('groups sessions by their day in the event zone and keeps the others apart', () => {
    const days = ['2026-06-10', '2026-06-11']
    const { byDay, elsewhere } = sessionsByDay(
      [s('a', '2026-06-10T07:00:00Z', 'A'), s('b', '2026-06-10T22:30:00Z', 'A'), s('c', '2026-07-01T07:00:00Z', 'A')],
      days,
      'Europe/Berlin',
    )
    expect(byDay.get('2026-06-10')?.map((x) => x.id)).toEqual(['a'])
    expect(byDay.get('2026-06-11')?.map((x) => x.id)).toEqual(['b'])
    expect(elsewhere.map((x) => x.id)).toEqual(['c'])
  })

  it('takes the day tabs from the event’s dates in its zone', () => {
    expect(eventDays({ starts_at: '2026-06-10T07:00:00Z', ends_at: '2026-06-11T16:00:00Z', timezone: 'Europe/Berlin' })).toEqual([
      '2026-06-10',
      '2026-06-11',
    ])
  })

  it('turns a session into a slot for conflict detection', () => {
    expect(slotOf(s('a', '2026-06-10T07:00:00Z', 'A'))).toEqual({
      id: 'a',
      startMs: Date.parse('2026-06-10T07:00:00Z'),
      endMs: Date.parse('2026-06-10T07:00:00Z'),
      room: 'A',
      speakerIds: ['ada'],
      cancelled: false,
    })
  })
})
