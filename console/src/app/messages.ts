import { defineMessages } from '../i18n/catalogue.ts'

const en = {
  product: 'Event service',
  skipToContent: 'Skip to content',
  navigation: 'Main navigation',
  menu: 'Menu',
  nav: { events: 'Events', tokens: 'Embed tokens', webhooks: 'Webhooks', settings: 'Settings', people: 'People' },
  userMenu: 'Your account',
  changePassword: 'Change password',
  signOut: 'Sign out',
  signOutEverywhere: 'Sign out everywhere',
  signedOutEverywhere: 'You are signed out on every device.',
  darkTheme: 'Dark theme',
  language: 'Language',
  languageNames: { en: 'English', de: 'Deutsch' },
  role: { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' },
  loading: 'Loading…',
  loadFailed: 'The console could not load.',
  retry: 'Try again',
  notFound: {
    heading: 'Page not found',
    text: 'There is no page at this address. It may have moved, or the link may be incomplete.',
    home: 'Go to your events',
  },
}

export const messages = defineMessages({
  en,
  de: {
    product: 'Event-Service',
    skipToContent: 'Zum Inhalt springen',
    navigation: 'Hauptnavigation',
    menu: 'Menü',
    nav: { events: 'Veranstaltungen', tokens: 'Embed-Tokens', webhooks: 'Webhooks', settings: 'Einstellungen', people: 'Personen' },
    userMenu: 'Ihr Konto',
    changePassword: 'Passwort ändern',
    signOut: 'Abmelden',
    signOutEverywhere: 'Überall abmelden',
    signedOutEverywhere: 'Sie sind auf allen Geräten abgemeldet.',
    darkTheme: 'Dunkles Design',
    language: 'Sprache',
    languageNames: { en: 'English', de: 'Deutsch' },
    role: { owner: 'Inhaber', editor: 'Bearbeiter', viewer: 'Betrachter' },
    loading: 'Wird geladen…',
    loadFailed: 'Die Konsole konnte nicht geladen werden.',
    retry: 'Erneut versuchen',
    notFound: {
      heading: 'Seite nicht gefunden',
      text: 'Unter dieser Adresse gibt es keine Seite. Sie wurde vielleicht verschoben, oder der Link ist unvollständig.',
      home: 'Zu Ihren Veranstaltungen',
    },
  },
})
