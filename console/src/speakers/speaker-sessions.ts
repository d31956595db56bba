// The sessions a speaker speaks in. The sessions list has no speaker filter, so the event's
// sessions are read (the API's largest pages) and kept when they name the speaker.

export interface SessionLike {
  id: string
  title: string
  starts_at: string
  speaker_ids: string[]
}

/** The sessions naming `speakerId`, in time order. */
export function sessionsOf<S extends SessionLike>(sessions: readonly S[], speakerId: string): S[] {
  return sessions.filter((s) => s.speaker_ids.includes(speakerId)).sort((a, b) => a.starts_at.localeCompare(b.starts_at))
}
