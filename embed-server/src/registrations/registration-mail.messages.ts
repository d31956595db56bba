/**
 * The texts of the registration emails and the link pages, in each widget language. The
 * registrant's own text (their name) never starts or sits inside one of these sentences: it is
 * shown as a labelled value (`name`), so that what someone typed cannot pass for our words.
 */
export interface MailMessages {
  /** `lang` of the link pages and the date format. */
  lang: string
  subject(event: string): string
  greeting: string
  registered(event: string): string
  /** Label of the registrant's name, shown as a value of its own. */
  name: string
  ticket: string
  when: string
  where: string
  calendar: string
  cancelIntro: string
  cancelTitle: string
  cancelQuestion(event: string): string
  cancelButton: string
  cancelled(event: string): string
  invalidLink: string
  /** The email with the confirm link (double opt-in). */
  confirmSubject(event: string): string
  confirmIntro(event: string): string
  confirmHold(minutes: number): string
  notYou: string
  /** The email to an address that is registered already (a repeat answers like a new registration). */
  alreadySubject(event: string): string
  alreadyText(event: string): string
  /** The confirm page. */
  confirmTitle: string
  confirmQuestion(event: string): string
  confirmButton: string
  confirmed(event: string): string
  alreadyRegistered(event: string): string
  expiredLink: string
  invalidConfirmLink: string
}

const en: MailMessages = {
  lang: 'en',
  subject: (event) => `You are registered: ${event}`,
  greeting: 'Hello,',
  registered: (event) => `you are registered for ${event}.`,
  name: 'Name',
  ticket: 'Ticket',
  when: 'When',
  where: 'Where',
  calendar: 'The attached calendar file (event.ics) adds the event to your calendar.',
  cancelIntro: 'Cannot come? Cancel your registration here, so that someone else can have your place:',
  cancelTitle: 'Cancel your registration',
  cancelQuestion: (event) => `Cancel this registration for ${event}?`,
  cancelButton: 'Cancel my registration',
  cancelled: (event) => `Your registration for ${event} is cancelled. Your place is free for someone else.`,
  invalidLink: 'This link has been used already or is not valid: the registration may already be cancelled.',
  confirmSubject: (event) => `Confirm your registration: ${event}`,
  confirmIntro: (event) => `please confirm your registration for ${event} by opening this link:`,
  confirmHold: (minutes) =>
    `Your place is held for ${minutes} minutes. If you do not confirm by then, it goes back on sale and the link stops working.`,
  notYou: 'If you did not register, ignore this email: nothing happens without the link.',
  alreadySubject: (event) => `You are already registered: ${event}`,
  alreadyText: (event) =>
    `someone, perhaps you, asked to register this address for ${event} again. You are already registered and nothing has changed. The email you received when you registered has the details and your cancel link.`,
  confirmTitle: 'Confirm your registration',
  confirmQuestion: (event) => `Confirm this registration for ${event}?`,
  confirmButton: 'Confirm my registration',
  confirmed: (event) => `You are registered for ${event}. An email with the details and a link to cancel is on its way.`,
  alreadyRegistered: (event) => `This address is already registered for ${event}. Nothing has changed.`,
  expiredLink: 'This link has expired and the place it held is free again. Register again on the event’s page.',
  invalidConfirmLink: 'This link has been used already or is not valid.',
}

const de: MailMessages = {
  lang: 'de',
  subject: (event) => `Sie sind angemeldet: ${event}`,
  greeting: 'Guten Tag,',
  registered: (event) => `Sie sind für ${event} angemeldet.`,
  name: 'Name',
  ticket: 'Ticket',
  when: 'Wann',
  where: 'Wo',
  calendar: 'Mit der angehängten Kalenderdatei (event.ics) tragen Sie die Veranstaltung in Ihren Kalender ein.',
  cancelIntro: 'Sie können nicht kommen? Stornieren Sie Ihre Anmeldung hier, damit jemand anderes Ihren Platz bekommt:',
  cancelTitle: 'Anmeldung stornieren',
  cancelQuestion: (event) => `Diese Anmeldung für ${event} stornieren?`,
  cancelButton: 'Meine Anmeldung stornieren',
  cancelled: (event) => `Ihre Anmeldung für ${event} ist storniert. Ihr Platz ist für jemand anderen frei.`,
  invalidLink: 'Dieser Link wurde bereits verwendet oder ist ungültig: Die Anmeldung ist womöglich schon storniert.',
  confirmSubject: (event) => `Bitte bestätigen Sie Ihre Anmeldung: ${event}`,
  confirmIntro: (event) => `bitte bestätigen Sie Ihre Anmeldung für ${event} mit diesem Link:`,
  confirmHold: (minutes) =>
    `Ihr Platz ist ${minutes} Minuten für Sie reserviert. Bestätigen Sie bis dahin nicht, geht er zurück in den Verkauf und der Link verfällt.`,
  notYou: 'Wenn Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail: Ohne den Link geschieht nichts.',
  alreadySubject: (event) => `Sie sind bereits angemeldet: ${event}`,
  alreadyText: (event) =>
    `jemand, vielleicht Sie selbst, wollte diese Adresse erneut für ${event} anmelden. Sie sind bereits angemeldet, und nichts hat sich geändert. In der E-Mail Ihrer Anmeldung finden Sie die Einzelheiten und Ihren Stornierungslink.`,
  confirmTitle: 'Anmeldung bestätigen',
  confirmQuestion: (event) => `Diese Anmeldung für ${event} bestätigen?`,
  confirmButton: 'Meine Anmeldung bestätigen',
  confirmed: (event) => `Sie sind für ${event} angemeldet. Eine E-Mail mit den Einzelheiten und einem Stornierungslink ist unterwegs.`,
  alreadyRegistered: (event) => `Diese Adresse ist bereits für ${event} angemeldet. Nichts hat sich geändert.`,
  expiredLink:
    'Dieser Link ist abgelaufen, der reservierte Platz ist wieder frei. Melden Sie sich auf der Seite der Veranstaltung erneut an.',
  invalidConfirmLink: 'Dieser Link wurde bereits verwendet oder ist ungültig.',
}

const fr: MailMessages = {
  lang: 'fr',
  subject: (event) => `Vous êtes inscrit·e : ${event}`,
  greeting: 'Bonjour,',
  registered: (event) => `vous êtes inscrit·e à ${event}.`,
  name: 'Nom',
  ticket: 'Billet',
  when: 'Quand',
  where: 'Où',
  calendar: 'Le fichier de calendrier joint (event.ics) ajoute l’événement à votre agenda.',
  cancelIntro: 'Vous ne pouvez pas venir ? Annulez votre inscription ici, pour que quelqu’un d’autre puisse prendre votre place :',
  cancelTitle: 'Annuler votre inscription',
  cancelQuestion: (event) => `Annuler cette inscription à ${event} ?`,
  cancelButton: 'Annuler mon inscription',
  cancelled: (event) => `Votre inscription à ${event} est annulée. Votre place est libre pour quelqu’un d’autre.`,
  invalidLink: 'Ce lien a déjà été utilisé ou n’est pas valide : l’inscription est peut-être déjà annulée.',
  confirmSubject: (event) => `Confirmez votre inscription : ${event}`,
  confirmIntro: (event) => `merci de confirmer votre inscription à ${event} en ouvrant ce lien :`,
  confirmHold: (minutes) =>
    `Votre place est réservée pendant ${minutes} minutes. Sans confirmation d’ici là, elle est remise en vente et le lien ne fonctionne plus.`,
  notYou: 'Si vous ne vous êtes pas inscrit·e, ignorez cet e-mail : rien ne se passe sans le lien.',
  alreadySubject: (event) => `Vous êtes déjà inscrit·e : ${event}`,
  alreadyText: (event) =>
    `quelqu’un, peut-être vous, a demandé à inscrire de nouveau cette adresse à ${event}. Vous êtes déjà inscrit·e et rien n’a changé. L’e-mail reçu lors de votre inscription contient les détails et votre lien d’annulation.`,
  confirmTitle: 'Confirmer votre inscription',
  confirmQuestion: (event) => `Confirmer cette inscription à ${event} ?`,
  confirmButton: 'Confirmer mon inscription',
  confirmed: (event) => `Vous êtes inscrit·e à ${event}. Un e-mail avec les détails et un lien d’annulation est en route.`,
  alreadyRegistered: (event) => `Cette adresse est déjà inscrite à ${event}. Rien n’a changé.`,
  expiredLink: 'Ce lien a expiré et la place réservée est de nouveau libre. Inscrivez-vous à nouveau sur la page de l’événement.',
  invalidConfirmLink: 'Ce lien a déjà été utilisé ou n’est pas valide.',
}

const es: MailMessages = {
  lang: 'es',
  subject: (event) => `Inscripción confirmada: ${event}`,
  greeting: 'Hola:',
  registered: (event) => `tu inscripción en ${event} está confirmada.`,
  name: 'Nombre',
  ticket: 'Entrada',
  when: 'Cuándo',
  where: 'Dónde',
  calendar: 'El archivo de calendario adjunto (event.ics) añade el evento a tu calendario.',
  cancelIntro: '¿No puedes venir? Cancela tu inscripción aquí para que otra persona pueda ocupar tu plaza:',
  cancelTitle: 'Cancelar tu inscripción',
  cancelQuestion: (event) => `¿Cancelar esta inscripción en ${event}?`,
  cancelButton: 'Cancelar mi inscripción',
  cancelled: (event) => `Tu inscripción en ${event} está cancelada. Tu plaza queda libre para otra persona.`,
  invalidLink: 'Este enlace ya se ha usado o no es válido: puede que la inscripción ya esté cancelada.',
  confirmSubject: (event) => `Confirma tu inscripción: ${event}`,
  confirmIntro: (event) => `confirma tu inscripción en ${event} abriendo este enlace:`,
  confirmHold: (minutes) =>
    `Tu plaza queda reservada durante ${minutes} minutos. Si no confirmas antes, vuelve a estar a la venta y el enlace deja de funcionar.`,
  notYou: 'Si no te has inscrito, ignora este correo: sin el enlace no ocurre nada.',
  alreadySubject: (event) => `Ya estás inscrito/a: ${event}`,
  alreadyText: (event) =>
    `alguien, quizá tú, ha pedido inscribir de nuevo esta dirección en ${event}. Ya estás inscrito/a y nada ha cambiado. El correo que recibiste al inscribirte tiene los detalles y tu enlace de cancelación.`,
  confirmTitle: 'Confirmar tu inscripción',
  confirmQuestion: (event) => `¿Confirmar esta inscripción en ${event}?`,
  confirmButton: 'Confirmar mi inscripción',
  confirmed: (event) => `Estás inscrito/a en ${event}. Te hemos enviado un correo con los detalles y un enlace para cancelar.`,
  alreadyRegistered: (event) => `Esta dirección ya está inscrita en ${event}. Nada ha cambiado.`,
  expiredLink: 'Este enlace ha caducado y la plaza reservada vuelve a estar libre. Inscríbete de nuevo en la página del evento.',
  invalidConfirmLink: 'Este enlace ya se ha usado o no es válido.',
}

const nl: MailMessages = {
  lang: 'nl',
  subject: (event) => `Je bent aangemeld: ${event}`,
  greeting: 'Hallo,',
  registered: (event) => `je bent aangemeld voor ${event}.`,
  name: 'Naam',
  ticket: 'Ticket',
  when: 'Wanneer',
  where: 'Waar',
  calendar: 'Met het bijgevoegde agendabestand (event.ics) zet je het evenement in je agenda.',
  cancelIntro: 'Kun je niet komen? Annuleer je aanmelding hier, zodat iemand anders je plaats kan krijgen:',
  cancelTitle: 'Aanmelding annuleren',
  cancelQuestion: (event) => `Deze aanmelding voor ${event} annuleren?`,
  cancelButton: 'Mijn aanmelding annuleren',
  cancelled: (event) => `Je aanmelding voor ${event} is geannuleerd. Je plaats is vrij voor iemand anders.`,
  invalidLink: 'Deze link is al gebruikt of is ongeldig: de aanmelding is misschien al geannuleerd.',
  confirmSubject: (event) => `Bevestig je aanmelding: ${event}`,
  confirmIntro: (event) => `bevestig je aanmelding voor ${event} via deze link:`,
  confirmHold: (minutes) =>
    `Je plaats wordt ${minutes} minuten voor je vastgehouden. Bevestig je niet op tijd, dan komt hij weer vrij en werkt de link niet meer.`,
  notYou: 'Heb je je niet aangemeld? Negeer deze e-mail dan: zonder de link gebeurt er niets.',
  alreadySubject: (event) => `Je bent al aangemeld: ${event}`,
  alreadyText: (event) =>
    `iemand, misschien jij, wilde dit adres opnieuw aanmelden voor ${event}. Je bent al aangemeld en er is niets veranderd. In de e-mail van je aanmelding staan de details en je annuleringslink.`,
  confirmTitle: 'Aanmelding bevestigen',
  confirmQuestion: (event) => `Deze aanmelding voor ${event} bevestigen?`,
  confirmButton: 'Mijn aanmelding bevestigen',
  confirmed: (event) => `Je bent aangemeld voor ${event}. Er is een e-mail met de details en een annuleringslink onderweg.`,
  alreadyRegistered: (event) => `Dit adres is al aangemeld voor ${event}. Er is niets veranderd.`,
  expiredLink: 'Deze link is verlopen en de vastgehouden plaats is weer vrij. Meld je opnieuw aan op de pagina van het evenement.',
  invalidConfirmLink: 'Deze link is al gebruikt of is ongeldig.',
}

const CATALOGUES: Record<string, MailMessages> = { en, de, fr, es, nl }

/** The languages emails and the cancel page speak. */
export const MAIL_LOCALES = Object.keys(CATALOGUES)

/**
 * `de-AT` → `de`; a language without a catalogue → `en`. An own-property test: the tag comes from
 * a request (`Accept-Language: constructor` must not find `Object.prototype.constructor`).
 */
export function mailLocaleOf(tag: string | undefined | null): string {
  const primary = (tag ?? '').toLowerCase().split('-')[0] ?? ''
  return Object.hasOwn(CATALOGUES, primary) ? primary : 'en'
}

/** The catalogue of a stored or requested locale. */
export const mailMessagesOf = (locale: string | undefined | null): MailMessages => CATALOGUES[mailLocaleOf(locale)] ?? en
