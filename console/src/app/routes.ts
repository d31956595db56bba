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
  { pattern: '/console/events/:eventId/schedule', tag: 'console-schedule-page', load: () => import('../schedule/schedule-page.ts') },
  // Settings, people, password.
  { pattern: '/console/password', tag: 'console-change-password-page', load: () => import('../auth/change-password-page.ts') },
]
