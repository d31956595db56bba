// The sessions a speaker speaks in. The sessions list has no speaker filter, so the event's
// sessions are read (the API's largest pages) and kept when they name the speaker.

export interface SessionLike {
  id: string
  title: string
  starts_at: string
  /** As the API answers a session: its speakers, in order. */
  speakers: { id: string }[]
}

/** The sessions naming `speakerId`, in time order. */
export function sessionsOf<S extends SessionLike>(sessions: readonly S[], speakerId: string): S[] {
  return sessions.filter((s) => s.speakers.some((sp) => sp.id === speakerId)).sort((a, b) => a.starts_at.localeCompare(b.starts_at))
}
