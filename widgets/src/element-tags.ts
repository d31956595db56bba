/**
 * The six elements a site can embed, in the order of docs/embed-api.md#first-screens: the one list the widget tests
 * and the e2e journeys check every element by (the build's chunk map names each with its entry).
 */
export const WIDGET_TAGS = [
  'service-schedule',
  'service-session-list',
  'service-session-detail',
  'service-speakers',
  'service-speaker-card',
  'service-registration',
] as const
