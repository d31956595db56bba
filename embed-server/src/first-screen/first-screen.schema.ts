import { FIRST_SCREEN_ATTRIBUTES, FIRST_SCREEN_TAGS } from '@event-service/widgets/first-screens'
import { z } from '../openapi/zod.ts'

/** Longest attribute value a first screen is drawn for (ids, a track's name, a language tag). */
const MAX_VALUE = 200

export const FirstScreenParams = z.object({
  eventId: z.uuid(),
  element: z.enum(FIRST_SCREEN_TAGS).openapi({ description: 'The element to draw' }),
})

/**
 * The element's attributes that decide what it shows, as query parameters of the same names
 * (`loader.js` copies them); `token` as for every read. Other parameters are ignored.
 */
export const FirstScreenQuery = z.object(
  Object.fromEntries(
    FIRST_SCREEN_ATTRIBUTES.map((name) => [
      name,
      z
        .string()
        .max(MAX_VALUE)
        .optional()
        .openapi({ description: `The element's \`${name}\` attribute` }),
    ]),
  ) as Record<(typeof FIRST_SCREEN_ATTRIBUTES)[number], z.ZodOptional<z.ZodString>>,
)
