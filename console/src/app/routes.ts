// The console's pages: path pattern → custom element, loaded on first visit (each page is its own
// chunk). A page receives its `:params` as properties of the same name. Add a line per page;
// the first matching pattern wins, so put literal paths (`/events/new`) before `:params`.
import type { RouteDefinition } from './route-match.ts'

export const routes: RouteDefinition[] = [
  // Signed out (drawn without the navigation).
  { pattern: '/console/sign-in', tag: 'console-sign-in-page', load: () => import('../auth/sign-in-page.ts'), public: true },
  {
    pattern: '/console/forgot-password',
    tag: 'console-forgot-password-page',
    load: () => import('../auth/forgot-password-page.ts'),
    public: true,
  },
  { pattern: '/console/sign-up', tag: 'console-sign-up-page', load: () => import('../auth/sign-up-page.ts'), public: true },
  { pattern: '/console/link/:token', tag: 'console-link-page', load: () => import('../auth/link-page.ts'), public: true },
  // Events.
  { pattern: '/console/', tag: 'console-events-page', load: () => import('../events/events-page.ts') },
  { pattern: '/console/events/new', tag: 'console-event-new-page', load: () => import('../events/event-new-page.ts') },
  { pattern: '/console/events/:eventId', tag: 'console-event-page', load: () => import('../events/event-page.ts') },
  { pattern: '/console/events/:eventId/schedule', tag: 'console-schedule-page', load: () => import('../schedule/schedule-page.ts') },
  { pattern: '/console/events/:eventId/speakers', tag: 'console-speakers-page', load: () => import('../speakers/speakers-page.ts') },
  { pattern: '/console/events/:eventId/speakers/new', tag: 'console-speaker-page', load: () => import('../speakers/speaker-page.ts') },
  {
    pattern: '/console/events/:eventId/speakers/:speakerId',
    tag: 'console-speaker-page',
    load: () => import('../speakers/speaker-page.ts'),
  },
  {
    pattern: '/console/events/:eventId/registrations',
    tag: 'console-registrations-page',
    load: () => import('../registrations/registrations-page.ts'),
  },
  { pattern: '/console/events/:eventId/import', tag: 'console-import-page', load: () => import('../imports/import-page.ts') },
  { pattern: '/console/events/:eventId/check-in', tag: 'console-check-in-page', load: () => import('../registrations/check-in-page.ts') },
  // Embed tokens and their snippet builder; webhooks.
  { pattern: '/console/tokens', tag: 'console-tokens-page', load: () => import('../tokens/tokens-page.ts') },
  { pattern: '/console/tokens/:tokenId', tag: 'console-token-page', load: () => import('../tokens/token-page.ts') },
  { pattern: '/console/webhooks', tag: 'console-webhooks-page', load: () => import('../webhooks/webhooks-page.ts') },
  { pattern: '/console/webhooks/:webhookId', tag: 'console-webhook-page', load: () => import('../webhooks/webhook-page.ts') },
  // Settings, people, password.
  { pattern: '/console/password', tag: 'console-change-password-page', load: () => import('../auth/change-password-page.ts') },
  { pattern: '/console/settings', tag: 'console-settings-page', load: () => import('../settings/settings-page.ts') },
  { pattern: '/console/people', tag: 'console-people-page', load: () => import('../settings/people-page.ts') },
]
