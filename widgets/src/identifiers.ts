// The shapes of the identifiers the embed API takes, in one place for both sides: the loader and
// the elements check them before asking anything, and the embed server checks them on arrival
// (its path ids, exported as @event-service/widgets/identifiers). Plain patterns, no imports: the
// loader inlines them.

/** A UUID of any version in its canonical, lower-case spelling (the checks accept any case). */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

/** Whether `value` is a UUID, in any case. */
export const isUuid = (value: string): boolean => new RegExp(`^${UUID_PATTERN}$`, 'i').test(value)

/**
 * Whether `value` looks like an embed token: `emb_` and word characters. The server checks the
 * rest, its length and checksum (`isWellFormedSecret`, server-common/src/policy/secret-token.ts).
 */
export const looksLikeEmbedToken = (value: string): boolean => /^emb_\w+$/.test(value)
