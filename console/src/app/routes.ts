// The console's pages: path pattern → custom element, loaded on first visit (each page is its own
// chunk). A page receives its `:params` as properties of the same name. Add a line per page;
// the first matching pattern wins, so put literal paths (`/events/new`) before `:params`.
import type { RouteDefinition } from './route-match.ts'

export const routes: RouteDefinition[] = [
  // Signed out (drawn without the navigation).
  // Events.
  // Settings, people, password.
]
