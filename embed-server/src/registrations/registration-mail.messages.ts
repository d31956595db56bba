/** The texts of the confirmation email and the cancel page, in each widget language. */
export interface MailMessages {
  /** `lang` of the cancel page and the date format. */
  lang: string
  subject(event: string): string
  greeting(name: string): string
  registered(event: string): string
  ticket: string
  when: string
  where: string
  calendar: string
  cancelIntro: string
  cancelTitle: string
  cancelQuestion(name: string, event: string): string
  cancelButton: string
  cancelled(event: string): string
  invalidLink: string
}

const en: MailMessages = {
  lang: 'en',
  subject: (event) => `You are registered: ${event}`,
  greeting: (name) => `Hello ${name},`,
  registered: (event) => `you are registered for ${event}.`,
  ticket: 'Ticket',
  when: 'When',
  where: 'Where',
  calendar: 'The attached calendar file (event.ics) adds the event to your calendar.',
  cancelIntro: 'Cannot come? Cancel your registration here, so that someone else can have your place:',
  cancelTitle: 'Cancel your registration',
  cancelQuestion: (name, event) => `Cancel the registration of ${name} for ${event}?`,
  cancelButton: 'Cancel my registration',
  cancelled: (event) => `Your registration for ${event} is cancelled. Your place is free for someone else.`,
  invalidLink: 'This link has been used already or is not valid: the registration may already be cancelled.',
}

const de: MailMessages = {
  lang: 'de',
  subject: (event) => `Sie sind angemeldet: ${event}`,
  greeting: (name) => `Hallo ${name},`,
  registered: (event) => `Sie sind für ${event} angemeldet.`,
  ticket: 'Ticket',
  when: 'Wann',
  where: 'Wo',
  calendar: 'Mit der angehängten Kalenderdatei (event.ics) tragen Sie die Veranstaltung in Ihren Kalender ein.',
  cancelIntro: 'Sie können nicht kommen? Stornieren Sie Ihre Anmeldung hier, damit jemand anderes Ihren Platz bekommt:',
  cancelTitle: 'Anmeldung stornieren',
  cancelQuestion: (name, event) => `Die Anmeldung von ${name} für ${event} stornieren?`,
  cancelButton: 'Meine Anmeldung stornieren',
  cancelled: (event) => `Ihre Anmeldung für ${event} ist storniert. Ihr Platz ist für jemand anderen frei.`,
  invalidLink: 'Dieser Link wurde bereits verwendet oder ist ungültig: Die Anmeldung ist womöglich schon storniert.',
}

const fr: MailMessages = {
  lang: 'fr',
  subject: (event) => `Vous êtes inscrit·e : ${event}`,
  greeting: (name) => `Bonjour ${name},`,
  registered: (event) => `vous êtes inscrit·e à ${event}.`,
  ticket: 'Billet',
  when: 'Quand',
  where: 'Où',
  calendar: 'Le fichier de calendrier joint (event.ics) ajoute l’événement à votre agenda.',
  cancelIntro: 'Vous ne pouvez pas venir ? Annulez votre inscription ici, pour que quelqu’un d’autre puisse prendre votre place :',
  cancelTitle: 'Annuler votre inscription',
  cancelQuestion: (name, event) => `Annuler l’inscription de ${name} à ${event} ?`,
  cancelButton: 'Annuler mon inscription',
  cancelled: (event) => `Votre inscription à ${event} est annulée. Votre place est libre pour quelqu’un d’autre.`,
  invalidLink: 'Ce lien a déjà été utilisé ou n’est pas valide : l’inscription est peut-être déjà annulée.',
}

const es: MailMessages = {
  lang: 'es',
  subject: (event) => `Inscripción confirmada: ${event}`,
  greeting: (name) => `Hola, ${name}:`,
  registered: (event) => `tu inscripción en ${event} está confirmada.`,
  ticket: 'Entrada',
  when: 'Cuándo',
  where: 'Dónde',
  calendar: 'El archivo de calendario adjunto (event.ics) añade el evento a tu calendario.',
  cancelIntro: '¿No puedes venir? Cancela tu inscripción aquí para que otra persona pueda ocupar tu plaza:',
  cancelTitle: 'Cancelar tu inscripción',
  cancelQuestion: (name, event) => `¿Cancelar la inscripción de ${name} en ${event}?`,
  cancelButton: 'Cancelar mi inscripción',
  cancelled: (event) => `Tu inscripción en ${event} está cancelada. Tu plaza queda libre para otra persona.`,
  invalidLink: 'Este enlace ya se ha usado o no es válido: puede que la inscripción ya esté cancelada.',
}

const nl: MailMessages = {
  lang: 'nl',
  subject: (event) => `Je bent aangemeld: ${event}`,
  greeting: (name) => `Hallo ${name},`,
  registered: (event) => `je bent aangemeld voor ${event}.`,
  ticket: 'Ticket',
  when: 'Wanneer',
  where: 'Waar',
  calendar: 'Met het bijgevoegde agendabestand (event.ics) zet je het evenement in je agenda.',
  cancelIntro: 'Kun je niet komen? Annuleer je aanmelding hier, zodat iemand anders je plaats kan krijgen:',
  cancelTitle: 'Aanmelding annuleren',
  cancelQuestion: (name, event) => `De aanmelding van ${name} voor ${event} annuleren?`,
  cancelButton: 'Mijn aanmelding annuleren',
  cancelled: (event) => `Je aanmelding voor ${event} is geannuleerd. Je plaats is vrij voor iemand anders.`,
  invalidLink: 'Deze link is al gebruikt of is ongeldig: de aanmelding is misschien al geannuleerd.',
}

const CATALOGUES: Record<string, MailMessages> = { en, de, fr, es, nl }

/** The languages emails and the cancel page speak. */
export const MAIL_LOCALES = Object.keys(CATALOGUES)

/** `de-AT` → `de`; a language without a catalogue → `en`. */
export function mailLocaleOf(tag: string | undefined | null): string {
  const primary = (tag ?? '').toLowerCase().split('-')[0] ?? ''
  return primary in CATALOGUES ? primary : 'en'
}

/** The catalogue of a stored or requested locale. */
export const mailMessagesOf = (locale: string | undefined | null): MailMessages => CATALOGUES[mailLocaleOf(locale)] ?? en
