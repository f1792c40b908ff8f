// The texts the product specification names, route by route: what a visitor or a member of
// staff is promised to read. The specification is the product's own description, kept beside
// this repository rather than in it; the code's comments call it "the spec" ("spec section 9").
//
// Read by spec-texts.spec.ts beside it, which opens each route of ROUTES and looks for its
// texts, opens each table of TABLES at 1280 px and looks for each of its column headers,
// performs each action of ACTIONS and looks for what it brings up, and looks for the
// product's own text of each DEVIATION that has a `look` (the kind of element it is in)
// where the spec's would have been.
//
// - Every entry cites the spec's section it comes from: its numbered heading, then the
//   sub-heading and the label of the paragraph, joined by ' › '.
// - A text is written exactly as the spec writes it. A text with a placeholder ("N tjenester",
//   "Fra {price} kr", "Viser X av Y leads") is left out where its fixed part says nothing on
//   its own; a comment names it where it would have been.
// - Where the product says something else on purpose, the spec's text goes into DEVIATIONS
//   with the product's text and why, not into ROUTES or ACTIONS. A `spec` or `product` in
//   parentheses describes a behaviour (no message, no loading text) rather than quoting a
//   text. Each `why` names the code that says so.
// - The audit log's columns (Tid, Handling, Tabell, Entitet, Bruker) were once replaced by
//   sentences; the walk failed on them until they were restored (#39).
// - The users table once read "Navn og e-post" in one column and had the status under the
//   role, so at 1280 px it had no E-post and no Status header. The walk did not notice: those
//   columns were DEVIATIONS, columns were looked for at 1920 px only, and a header's name
//   only had to contain the text. Every column the spec names is now in TABLES, looked for
//   at 1280 px as a header that reads the spec's word and nothing more (#58).
//
// The server is started with --demo (its demo administrator and 36 example leads, the seeded
// categories, services and example content) and is signed in as an admin for /admin routes.
//
// `kind` says where to look:
// - title: a dialog's title (its h2, which names the dialog); heading: a page's or a section's heading
// - button, link, column (a table's column header), label (a form field's label or, where the
//   comment says so, its placeholder)
// - text: any other visible text (a badge, an empty list's text, a select's option)
// - toast: a notice (`[data-toast="default"]`); error: a destructive notice (`[data-toast="destructive"]`)
// An action that opens a dialog shows its texts in the dialog (role dialog): look there, as
// the page behind may hold the same words (Status, Kilde, Slett).
//
// What the layout hides at some widths, so the test should run at 1920×1080 (TABLES at
// 1280×800, with the sidebar open) or check that the text is in the page rather than visible:
// - The public main menu shows in the bar from 1280 px (below, behind the menu button), and
//   "Ring oss nå" and "Logg inn" from 640 px.
// - The leads table shows Beskrivelse only from 72rem of table width, Kilde from 64rem and
//   Kontakt from 48rem; Handlinger is read aloud only below 32rem
//   (src/features/leads/components/lead-table.tsx). At 1280 px with the sidebar open the
//   table is 60rem wide.
// - The users table shows Rolle and Status from 36rem of table width, Sist innlogget from
//   42rem and E-post from 48rem (src/features/users/components/user-table.tsx). It names its
//   row actions (Endre passord, Slett) in words from 1536 px; below, the words are their
//   buttons' names only.

/** One text the specification names, where it shows, and the spec section it comes from. */
export type SpecText = {
  text: string // exactly as the spec writes it (Norwegian), e.g. 'Tøm logger'
  section: string // the spec's heading it comes from, e.g. '2. Screens and routes › Admin routes › Logg/Audit'
  kind: 'title' | 'heading' | 'button' | 'column' | 'label' | 'link' | 'text' | 'toast' | 'error'
  exact?: boolean // only if the text must match a whole element
}
/** A route and the texts visible on it without any action, on a server started with --demo, signed in as admin
 * for /admin routes. */
export type SpecRoute = { route: string; signedIn: boolean; texts: SpecText[] }
/** A table the spec names the columns of, on its route (the leads on their Tabell tab): each
 * of `columns` (kind column, matched whole) must be a visible column header at 1280 px wide
 * (or `width`) with the sidebar open. */
export type SpecTable = { route: string; columns: SpecText[]; width?: number }
/** Texts that appear only after an action (a toast, a dialog, a validation error): `action` is a short kebab-case
 * name of what the test must do, described in `how` in one sentence. */
export type SpecAction = { route: string; signedIn: boolean; action: string; how: string; texts: SpecText[] }
/** Where the product deliberately says something else than the specification. `look`: the
 * kind of element the product's text is in when the route shows it as it loads; without
 * it the deviation is a behaviour, or shows only after an action, and is only described. */
export type Deviation = { route: string; spec: string; section: string; product: string; why: string; look?: SpecText['kind'] }

// The spec's sections, as cited.
const ABOUT = '1. What the product does and for whom'
const PUBLIC_ROUTES = '2. Screens and routes › Public routes'
const REFERENCES = '2. Screens and routes › Public routes › References page'
const HEADER = '2. Screens and routes › Public header and footer'
const HOME_FORM = '2. Screens and routes › Home page contact form'
const ADMIN = '2. Screens and routes › Admin routes'
const LOGIN = `${ADMIN} › /admin/login`
const SHELL = `${ADMIN} › /admin is the protected shell`
const SEARCH = `${ADMIN} › Command search`
const DASHBOARD = `${ADMIN} › Oversikt (dashboard)`
const CATEGORIES = `${ADMIN} › Kategorier`
const CATEGORY_SERVICES = `${ADMIN} › Category services page`
const LEADS = `${ADMIN} › Henvendelser (Lead-administrasjon)`
const MEDIA = `${ADMIN} › Media`
const USERS = `${ADMIN} › Brukere`
const SETTINGS = `${ADMIN} › Innstillinger`
const AUDIT = `${ADMIN} › Logg/Audit`
const SERVICE_LISTS = '4. States and transitions › Service lists (public)'
const LEAD_STATUS = '4. States and transitions › Lead status'
const VALIDATION = '5. Validation rules'
const ERRORS_PUBLIC = '8. Error catalogue › Public'
const ERRORS_STAFF_LOGIN = '8. Error catalogue › Staff login (public login flow)'
const ERRORS_ADMIN_LOGIN = '8. Error catalogue › Admin login screen'
const ADMIN_TOASTS = '8. Error catalogue › Admin toasts'
const CONSTANTS = '9. Business constants and limits'

/** The texts of one section, all of one kind. */
function texts(section: string, kind: SpecText['kind'], ...list: string[]): SpecText[] {
  return list.map((text) => ({ text, section, kind }))
}

/** The same texts, each matching a whole element. */
function exactly(section: string, kind: SpecText['kind'], ...list: string[]): SpecText[] {
  return list.map((text) => ({ text, section, kind, exact: true }))
}

// Routes with no text the spec names, so not listed: /tjenester, /tjenester/elektriker,
// /tjenester/rorlegger, /tjenester/kjokken-bad (their empty lists are in ACTIONS), /private-kunder,
// /bedriftskunder, /kontraktpartnere, /kontakt, /personvern, /cookies, and /admin/login (the
// spec names its fields in English only). /admin/services (every service, searchable) is the
// product's page for the command search's service hits; the spec names no text on it.
export const ROUTES: SpecRoute[] = [
  {
    route: '/',
    signedIn: false,
    texts: [
      // The header and footer are on every public page; they are checked here once.
      ...exactly(HEADER, 'link', 'Hjem', 'Tjenester', 'Private kunder', 'Bedriftskunder', 'Referanser', 'Kontakt'),
      // A link styled as a button.
      ...texts(HEADER, 'link', 'Ring oss nå'),
      // The home hero's figures (the example content the firm edits in Innhold). "4.9/5" and
      // "98%" are in DEVIATIONS. "N tjenester" on each trade's card is left out (placeholder).
      ...texts(ABOUT, 'text', '1000+', '24/7'),
      // Placeholders, not labels: find them by placeholder.
      ...texts(HOME_FORM, 'label', 'Ditt navn', 'Beskriv kort hva du trenger hjelp til...'),
    ],
  },
  {
    route: '/referanser',
    signedIn: false,
    // The satisfaction block's "4.9/5", "96%", "98%" and "94%" are in DEVIATIONS.
    texts: texts(REFERENCES, 'text', '500+', '15+', '1000+', '24/7'),
  },
  {
    route: '/vilkar',
    signedIn: false,
    texts: texts(`${CONSTANTS} › Terms`, 'text', 'Oslo tingrett'),
  },
  {
    // The page the contact form sends a visitor to once the enquiry is stored (without
    // JavaScript; with it, the form stays and says so in a toast, see ACTIONS). Not in the
    // spec's route table: its heading is the spec's success toast.
    route: '/kontakt/takk',
    signedIn: false,
    texts: texts(ERRORS_PUBLIC, 'heading', 'Takk for henvendelsen!'),
  },
  {
    // Any path the site does not have; the one page in English, by the spec's choice.
    route: '/finnes-ikke',
    signedIn: false,
    texts: texts(PUBLIC_ROUTES, 'text', 'Oops! Page not found'),
  },
  {
    route: '/admin',
    signedIn: true,
    texts: [
      // The shell is on every admin page; it is checked here once.
      ...texts(SHELL, 'link', 'Oversikt', 'Henvendelser', 'Kategorier', 'Media', 'Brukere', 'Innstillinger', 'Logg/Audit'),
      ...texts(SHELL, 'button', 'Søk', 'Logg ut'),
      ...exactly(DASHBOARD, 'heading', 'Oversikt'),
      ...texts(DASHBOARD, 'text', 'Nye leads (7d)', 'Åpne leads', 'Vunnet (30d)', 'Aktive tjenester'),
      ...texts(DASHBOARD, 'heading', 'Siste aktivitet'),
      // Under each of the 5 newest demo leads.
      ...texts(DASHBOARD, 'text', 'Ny lead opprettet'),
    ],
  },
  {
    route: '/admin/categories',
    signedIn: true,
    // "N tjenester" on each card is left out (placeholder).
    texts: exactly(CATEGORIES, 'heading', 'Kategorier'),
  },
  {
    route: '/admin/services/category/elektriker',
    signedIn: true,
    // Every seeded service is active. "Fra {price} kr" is left out (placeholder).
    texts: exactly(CATEGORY_SERVICES, 'text', 'Aktiv'),
  },
  {
    route: '/admin/leads',
    signedIn: true,
    texts: [
      ...texts(LEADS, 'heading', 'Lead-administrasjon'),
      // The first option of the status and source filters.
      ...texts(LEADS, 'text', 'Alle statuser', 'Alle kilder'),
      // Two tabs (role tab, so kind text); Tabell is the one shown until a test picks Kanban, which the device remembers.
      ...exactly(LEADS, 'text', 'Kanban', 'Tabell'),
      // "Viser X av Y leads" is left out (placeholder). The table's columns are in TABLES.
    ],
  },
  {
    route: '/admin/media',
    signedIn: true,
    texts: [...exactly(MEDIA, 'heading', 'Media'), ...texts(MEDIA, 'button', 'Last opp')],
  },
  {
    route: '/admin/users',
    signedIn: true,
    texts: [
      ...exactly(USERS, 'heading', 'Brukere'),
      // The table's columns are in TABLES.
      // The demo administrator's badge (twice in the row: one of the two shows at each width).
      ...exactly(USERS, 'text', 'Aktiv'),
      ...texts(USERS, 'button', 'Endre passord'),
    ],
  },
  {
    route: '/admin/settings',
    signedIn: true,
    texts: [
      ...exactly(SETTINGS, 'heading', 'Innstillinger'),
      // "Ekstra telefoner (comma separated)": the spec describes the field in English after its name.
      ...texts(SETTINGS, 'label', 'Firmanavn', 'Organisasjonsnummer', 'Adresse', 'Hovednummer', 'Ekstra telefoner'),
      // The company card's; other cards of the page have a Lagre of their own.
      ...exactly(SETTINGS, 'button', 'Lagre'),
    ],
  },
  {
    route: '/admin/logs',
    signedIn: true,
    texts: [
      ...exactly(AUDIT, 'heading', 'Logg/Audit'),
      ...texts(AUDIT, 'button', 'Tøm logger'),
      // The table's columns are in TABLES.
    ],
  },
]

// Every admin table whose columns the spec names, with all of them. The spec's words in
// parentheses after a column ("Navn (with address and postcode)", "Status (Aktiv/Deaktivert)")
// say what the column holds; the statuses are in ROUTES and ACTIONS. The users table's
// "and actions" names no header: its actions' header is not looked for.
export const TABLES: SpecTable[] = [
  {
    route: '/admin/leads',
    // "Table columns: Navn (with address and postcode), Kontakt, Beskrivelse, Status, Kilde,
    // Opprettet (date and time), Handlinger (view, edit, delete)." At 1280 px with the
    // sidebar open the table is 60rem wide, and lead-table.tsx shows Kilde only from 64rem and
    // Beskrivelse from 72rem (so that no row is wider than the screen): the leads' columns are
    // looked for at 1920 px, where the table has them all.
    columns: exactly(LEADS, 'column', 'Navn', 'Kontakt', 'Beskrivelse', 'Status', 'Kilde', 'Opprettet', 'Handlinger'),
    width: 1920,
  },
  {
    route: '/admin/users',
    // "Table with Navn, E-post, Rolle, Status (Aktiv/Deaktivert), Sist innlogget and actions."
    columns: exactly(USERS, 'column', 'Navn', 'E-post', 'Rolle', 'Status', 'Sist innlogget'),
  },
  {
    route: '/admin/logs',
    // "Table with Tid, Handling, Tabell, Entitet, Bruker."
    columns: exactly(AUDIT, 'column', 'Tid', 'Handling', 'Tabell', 'Entitet', 'Bruker'),
  },
]

export const ACTIONS: SpecAction[] = [
  // The public site.
  {
    route: '/',
    signedIn: false,
    action: 'send-contact-form',
    how: 'Fill in Navn *, Telefon *, E-post * and Prosjektbeskrivelse * of the contact form and press Send forespørsel.',
    texts: texts(ERRORS_PUBLIC, 'toast', 'Takk for henvendelsen!', 'Vi kontakter deg innen 24 timer.'),
  },
  {
    route: '/',
    signedIn: false,
    action: 'send-contact-form-slowly',
    how: 'Hold back POST /api/contact (page.route) and send a filled-in contact form.',
    texts: texts(HOME_FORM, 'button', 'Sender...'),
  },
  {
    route: '/',
    signedIn: false,
    action: 'send-contact-form-failing',
    how: 'Answer POST /api/contact with a 500 (page.route) and send a filled-in contact form.',
    texts: texts(ERRORS_PUBLIC, 'error', 'Feil oppstod', 'Kunne ikke sende henvendelsen. Prøv igjen senere.'),
  },
  {
    route: '/tjenester/elektriker',
    signedIn: false,
    action: 'no-active-electrician-services',
    how: 'Signed in, make every service of the Elektriker category inactive (its Aktiv box), then open the page.',
    texts: texts(SERVICE_LISTS, 'text', 'Ingen aktive elektrikertjenester funnet.'),
  },
  {
    route: '/tjenester/rorlegger',
    signedIn: false,
    action: 'no-active-plumber-services',
    how: 'Signed in, make every service of the Rørlegger category inactive (its Aktiv box), then open the page.',
    // The spec says only "the plumber equivalent"; this is the product's wording of it.
    texts: texts(SERVICE_LISTS, 'text', 'Ingen aktive rørleggertjenester funnet.'),
  },
  {
    route: '/tjenester/kjokken-bad',
    signedIn: false,
    action: 'no-active-kitchen-bath-services',
    how: 'Signed in, make every service of the Kjøkken & bad category inactive (its Aktiv box), then open the page.',
    texts: texts(SERVICE_LISTS, 'text', 'Ingen aktive kjøkken & bad tjenester funnet.'),
  },

  // Signing in.
  {
    route: '/admin/login',
    signedIn: false,
    action: 'sign-in-slowly',
    how: 'Hold back POST /api/auth/login (page.route) and sign in.',
    texts: texts(LOGIN, 'button', 'Logger inn...'),
  },
  {
    route: '/admin/login',
    signedIn: false,
    action: 'sign-in-wrong-password',
    how: 'Sign in with the demo administrator\'s e-mail and a wrong password.',
    texts: texts(ERRORS_ADMIN_LOGIN, 'error', 'Innlogging feilet', 'Ugyldig e-post eller passord'),
  },
  {
    route: '/admin/login',
    signedIn: false,
    action: 'sign-in-network-error',
    how: 'Abort POST /api/auth/login (page.route, route.abort()) and sign in.',
    texts: [
      ...texts(ERRORS_ADMIN_LOGIN, 'error', 'Innlogging feilet'),
      ...texts(ERRORS_STAFF_LOGIN, 'error', 'En feil oppstod under innlogging'),
    ],
  },

  // The admin shell's command search.
  {
    route: '/admin',
    signedIn: true,
    action: 'open-command-search',
    how: 'Press Control+K (or the Søk button).',
    // The search field's placeholder.
    texts: texts(SEARCH, 'label', 'Søk i tjenester, leads, media og brukere…'),
  },
  {
    route: '/admin',
    signedIn: true,
    action: 'search-slowly',
    how: 'Hold back GET /api/admin/search (page.route), open the command search and type two letters.',
    texts: texts(SEARCH, 'text', 'Søker…'),
  },
  {
    route: '/admin',
    signedIn: true,
    action: 'search-without-hits',
    how: 'Open the command search and type a text nothing holds, such as "qxzqxz".',
    texts: texts(SEARCH, 'text', 'Ingen treff'),
  },
  // Each group's label (a cmdk group heading, not a heading element) shows while the group has hits.
  {
    route: '/admin',
    signedIn: true,
    action: 'search-services',
    how: 'Open the command search and type the start of a seeded service\'s name.',
    texts: exactly(SEARCH, 'text', 'Tjenester'),
  },
  {
    route: '/admin',
    signedIn: true,
    action: 'search-leads',
    how: 'Open the command search and type a demo lead\'s first name.',
    texts: exactly(SEARCH, 'text', 'Leads'),
  },
  {
    route: '/admin',
    signedIn: true,
    action: 'search-media',
    how: 'Upload a picture in Media, then open the command search and type its file name.',
    texts: exactly(SEARCH, 'text', 'Media'),
  },
  {
    route: '/admin',
    signedIn: true,
    action: 'search-users',
    how: 'Open the command search and type the demo administrator\'s name.',
    texts: exactly(SEARCH, 'text', 'Admin-brukere'),
  },

  // Oversikt.
  {
    route: '/admin',
    signedIn: true,
    action: 'dashboard-without-leads',
    how: 'Answer GET /api/admin/dashboard with its demo answer but an empty `latest` list (page.route) and open /admin.',
    texts: texts(DASHBOARD, 'text', 'Ingen aktivitet å vise ennå.'),
  },
  {
    route: '/admin',
    signedIn: true,
    action: 'lead-without-name',
    how: 'Create a lead with no name (POST /api/admin/leads with only a phone number) and open /admin.',
    texts: exactly(DASHBOARD, 'link', 'Ukjent'),
  },

  // Kategorier (the seeded categories all have a description; staff cannot edit them).
  {
    route: '/admin/categories',
    signedIn: true,
    action: 'category-without-description',
    how: 'Answer GET /api/admin/categories with the demo categories, one of them with description null (page.route).',
    texts: texts(CATEGORIES, 'text', 'Ingen beskrivelse'),
  },
  {
    route: '/admin/categories',
    signedIn: true,
    action: 'no-categories',
    how: 'Answer GET /api/admin/categories with an empty list (page.route).',
    texts: texts(CATEGORIES, 'text', 'Ingen kategorier funnet.'),
  },

  // A category's services.
  {
    route: '/admin/services/category/elektriker',
    signedIn: true,
    action: 'load-services-slowly',
    how: 'Hold back GET /api/admin/services (page.route) and open the page.',
    texts: exactly(CATEGORY_SERVICES, 'text', 'Laster...'),
  },
  {
    route: '/admin/services/category/elektriker',
    signedIn: true,
    action: 'open-new-service-dialog',
    how: 'Press Ny tjeneste.',
    texts: [
      ...texts(CATEGORY_SERVICES, 'title', 'Ny tjeneste'),
      // "Pris fra (kr, number)": the label reads "Pris fra (kr)".
      ...texts(CATEGORY_SERVICES, 'label', 'Beskrivelse', 'Pris fra'),
      ...exactly(CATEGORY_SERVICES, 'label', 'Navn', 'Aktiv'),
      ...exactly(CATEGORY_SERVICES, 'button', 'Opprett', 'Avbryt'),
    ],
  },
  {
    route: '/admin/services/category/elektriker',
    signedIn: true,
    action: 'open-edit-service-dialog',
    how: 'Press the edit (pencil) button of the first service card.',
    texts: [...texts(CATEGORY_SERVICES, 'title', 'Rediger tjeneste'), ...exactly(CATEGORY_SERVICES, 'button', 'Oppdater')],
  },
  {
    route: '/admin/services/category/elektriker',
    signedIn: true,
    action: 'create-service',
    how: 'Press Ny tjeneste, fill in Navn and press Opprett.',
    texts: texts(ADMIN_TOASTS, 'toast', 'Tjeneste opprettet'),
  },
  {
    route: '/admin/services/category/elektriker',
    signedIn: true,
    action: 'deactivate-service',
    how: 'Edit a service, clear its Aktiv box and press Oppdater; its card then carries the inactive badge.',
    texts: [...texts(ADMIN_TOASTS, 'toast', 'Tjeneste oppdatert'), ...exactly(CATEGORY_SERVICES, 'text', 'Inaktiv')],
  },
  {
    route: '/admin/services/category/elektriker',
    signedIn: true,
    action: 'delete-service',
    how: 'Create a service, press its delete (bin) button and confirm with Slett (the confirmation is in DEVIATIONS).',
    texts: texts(ADMIN_TOASTS, 'toast', 'Tjeneste slettet'),
  },
  {
    route: '/admin/services/category/elektriker',
    signedIn: true,
    action: 'create-service-failing',
    how: 'Answer POST /api/admin/services with a 500 (page.route) and create a service.',
    texts: texts(ADMIN_TOASTS, 'error', 'Feil ved oppretting'),
  },
  {
    route: '/admin/services/category/elektriker',
    signedIn: true,
    action: 'update-service-failing',
    how: 'Answer PUT /api/admin/services/* with a 500 (page.route) and save an edited service.',
    texts: texts(ADMIN_TOASTS, 'error', 'Feil ved oppdatering'),
  },
  {
    route: '/admin/services/category/elektriker',
    signedIn: true,
    action: 'delete-service-failing',
    how: 'Answer DELETE /api/admin/services/* with a 500 (page.route) and delete a service.',
    texts: texts(ADMIN_TOASTS, 'error', 'Feil ved sletting'),
  },
  {
    route: '/admin/services/category/elektriker',
    signedIn: true,
    action: 'category-without-services',
    how: 'Answer GET /api/admin/services with an empty list (page.route) and open the page.',
    texts: [
      ...texts(CATEGORY_SERVICES, 'text', 'Ingen tjenester funnet for denne kategorien.'),
      ...texts(CATEGORY_SERVICES, 'button', 'Legg til første tjeneste'),
    ],
  },

  // Henvendelser.
  {
    route: '/admin/leads',
    signedIn: true,
    action: 'open-kanban',
    how: 'Pick the Kanban tab (the device remembers it: pick Tabell again afterwards, or clear localStorage\'s leadView).',
    // Each column's heading also carries its count.
    texts: texts(LEAD_STATUS, 'heading', 'Ny', 'Kontaktet', 'Avtalt befaring', 'Tilbud sendt', 'Vunnet', 'Tapt'),
  },
  {
    route: '/admin/leads',
    signedIn: true,
    action: 'view-lead',
    how: 'Press the view (eye) button of the first lead in the table.',
    texts: texts(LEADS, 'title', 'Lead-detaljer'),
  },
  {
    route: '/admin/leads',
    signedIn: true,
    action: 'open-new-lead-dialog',
    how: 'Press Ny lead.',
    texts: [
      ...texts(LEADS, 'title', 'Opprett ny Lead'),
      // In the dialog: the page behind has a Status and a Kilde of its own.
      ...exactly(LEADS, 'label', 'Navn *', 'Status', 'E-post', 'Telefon', 'Adresse', 'Postnummer', 'Kilde'),
      ...exactly(LEADS, 'label', 'Beskrivelse', 'Tags'),
      ...texts(LEADS, 'button', 'Opprett Lead'),
      // The Kilde select's options (Web chosen).
      ...exactly(CONSTANTS, 'text', 'Web', 'Telefon', 'E-post', 'Henvisning', 'Annet'),
    ],
  },
  {
    route: '/admin/leads',
    signedIn: true,
    action: 'open-edit-lead-dialog',
    how: 'Press the edit (pencil) button of the first lead in the table.',
    texts: [...texts(LEADS, 'title', 'Rediger Lead'), ...texts(LEADS, 'button', 'Lagre endringer')],
  },
  {
    route: '/admin/leads',
    signedIn: true,
    action: 'save-lead-slowly',
    how: 'Hold back POST /api/admin/leads (page.route), press Ny lead, fill in Navn * and press Opprett Lead.',
    texts: texts(LEADS, 'button', 'Lagrer...'),
  },
  {
    route: '/admin/leads',
    signedIn: true,
    action: 'create-lead',
    how: 'Press Ny lead, fill in Navn * and press Opprett Lead.',
    texts: texts(ADMIN_TOASTS, 'toast', 'Lead opprettet', 'Ny lead ble opprettet.'),
  },
  {
    route: '/admin/leads',
    signedIn: true,
    action: 'update-lead',
    how: 'Edit the first lead, change its Beskrivelse and press Lagre endringer.',
    texts: texts(ADMIN_TOASTS, 'toast', 'Lead oppdatert', 'Lead-informasjonen ble oppdatert.'),
  },
  {
    route: '/admin/leads',
    signedIn: true,
    action: 'ask-to-delete-lead',
    how: 'Press the delete (bin) button of the first lead in the table.',
    texts: [
      ...texts(LEADS, 'title', 'Slett Lead'),
      ...texts(LEADS, 'text', 'Er du sikker på at du vil slette denne lead-en? Denne handlingen kan ikke angres.'),
    ],
  },
  {
    route: '/admin/leads',
    signedIn: true,
    action: 'delete-lead',
    how: 'Create a lead, press its delete (bin) button and confirm with Slett.',
    texts: texts(ADMIN_TOASTS, 'toast', 'Lead slettet', 'Lead ble permanent slettet.'),
  },
  {
    route: '/admin/leads',
    signedIn: true,
    action: 'create-lead-failing',
    how: 'Answer POST /api/admin/leads with a 500 (page.route) and create a lead.',
    texts: [...exactly(ADMIN_TOASTS, 'error', 'Feil'), ...texts(ADMIN_TOASTS, 'error', 'Kunne ikke opprette lead.')],
  },
  {
    route: '/admin/leads',
    signedIn: true,
    action: 'update-lead-failing',
    how: 'Answer PUT /api/admin/leads/* with a 500 (page.route) and save an edited lead.',
    texts: texts(ADMIN_TOASTS, 'error', 'Kunne ikke oppdatere lead.'),
  },
  {
    route: '/admin/leads',
    signedIn: true,
    action: 'delete-lead-failing',
    how: 'Answer DELETE /api/admin/leads/* with a 500 (page.route) and delete a lead.',
    texts: texts(ADMIN_TOASTS, 'error', 'Kunne ikke slette lead.'),
  },

  // Media.
  {
    route: '/admin/media',
    signedIn: true,
    action: 'search-media-without-hits',
    how: 'Type a text no alt text holds, such as "qxzqxz", into the search (Søk på alt-tekst).',
    texts: texts(MEDIA, 'text', 'Ingen media funnet.'),
  },

  // Brukere (the demo server has one user, the admin signed in, who cannot delete or deactivate themselves).
  {
    route: '/admin/users',
    signedIn: true,
    action: 'open-new-user-dialog',
    how: 'Press Ny admin-bruker.',
    texts: [...texts(USERS, 'title', 'Ny admin-bruker'), ...exactly(USERS, 'label', 'Navn', 'E-post', 'Passord')],
  },
  {
    route: '/admin/users',
    signedIn: true,
    action: 'create-user-with-missing-field',
    how: 'Press Ny admin-bruker and press Opprett with the form empty.',
    texts: texts(VALIDATION, 'error', 'Mangler felt', 'Navn, e-post og passord er påkrevd.'),
  },
  {
    route: '/admin/users',
    signedIn: true,
    action: 'create-user',
    how: 'Press Ny admin-bruker, fill in Navn, E-post and a Passord of 12 characters or more, and press Opprett.',
    texts: texts(ADMIN_TOASTS, 'toast', 'Opprettet', 'Admin-bruker opprettet'),
  },
  {
    route: '/admin/users',
    signedIn: true,
    action: 'create-user-refused',
    how: 'Create an admin user with the demo administrator\'s e-mail; the server refuses it with its own message.',
    texts: exactly(ADMIN_TOASTS, 'error', 'Feil'),
  },
  {
    route: '/admin/users',
    signedIn: true,
    action: 'open-password-dialog',
    how: 'Press Endre passord on the demo administrator\'s row.',
    texts: [...texts(USERS, 'title', 'Endre passord'), ...exactly(USERS, 'label', 'Nytt passord')],
  },
  {
    route: '/admin/users',
    signedIn: true,
    action: 'change-password-missing',
    // On your own row the dialog asks for the current password first, and says that instead.
    how: 'Create a second user, press Endre passord on its row and press Lagre passord with Nytt passord empty.',
    texts: texts(VALIDATION, 'error', 'Mangler felt', 'Nytt passord er påkrevd.'),
  },
  {
    route: '/admin/users',
    signedIn: true,
    action: 'change-password',
    how: 'Create a second user, press Endre passord on its row, type a password of 12 characters or more, press Lagre passord.',
    texts: texts(ADMIN_TOASTS, 'toast', 'Oppdatert', 'Passord oppdatert'),
  },
  {
    route: '/admin/users',
    signedIn: true,
    action: 'ask-to-delete-user',
    how: 'Create a second user and press Slett on its row.',
    // The sentence after it names the user's e-mail ({email}) and is left out.
    texts: [...exactly(USERS, 'button', 'Slett'), ...texts(USERS, 'title', 'Slett admin-bruker? Dette kan ikke angres.')],
  },
  {
    route: '/admin/users',
    signedIn: true,
    action: 'delete-user',
    how: 'Create a second user, press Slett on its row and confirm with Slett.',
    texts: exactly(ADMIN_TOASTS, 'toast', 'Slettet'),
  },
  {
    route: '/admin/users',
    signedIn: true,
    action: 'deactivate-user',
    how: 'Create a second user and press Deaktiver on its row.',
    texts: exactly(USERS, 'text', 'Deaktivert'),
  },

  // Logg/Audit.
  {
    route: '/admin/logs',
    signedIn: true,
    action: 'ask-to-clear-logs',
    how: 'Press Tøm logger.',
    texts: texts(AUDIT, 'title', 'Tøm alle logger?'),
  },
  {
    route: '/admin/logs',
    signedIn: true,
    action: 'clear-logs',
    how: 'Press Tøm logger, type TØM and press Tøm logger in the dialog.',
    texts: texts(ADMIN_TOASTS, 'toast', 'Logger tømt', 'Alle audit logger ble slettet.'),
  },
  {
    route: '/admin/logs',
    signedIn: true,
    action: 'clear-logs-failing',
    how: 'Answer DELETE /api/admin/audit with a 500 (page.route), press Tøm logger, type TØM and confirm.',
    texts: [...exactly(ADMIN_TOASTS, 'error', 'Feil'), ...texts(ADMIN_TOASTS, 'error', 'Kunne ikke tømme logger.')],
  },
]

// Reasons several deviations share.
const OPTION_VALUE =
  'The spec lists the options\' values, which the form still posts unchanged; a visitor reads a label in words (src/features/contact/components/contact-form.tsx)'
const DECIMAL_COMMA = 'Figures are written the Norwegian way, with a decimal comma (the example content, crates/data/src/content/seed.rs)'
const PER_CENT = 'Figures are written the Norwegian way, with a space before the per cent sign (crates/data/src/content/seed.rs)'
const RENDERED = 'The server renders the active services into the page (src/site/render.rs), so the list never loads in the browser'
const NOT_LOADING = '(no loading text: the services are in the page as served)'

export const DEVIATIONS: Deviation[] = [
  // The public site.
  {
    route: '/',
    spec: 'Login',
    section: HEADER,
    product: 'Logg inn',
    look: 'link',
    why: 'Every text of the site is Norwegian but the 404 page; the spec describes the button in English.',
  },
  { route: '/', spec: 'elektrikertjenester', section: HOME_FORM, product: 'Elektrikertjenester', why: OPTION_VALUE, look: 'text' },
  { route: '/', spec: 'rorleggertjenester', section: HOME_FORM, product: 'Rørleggertjenester', why: OPTION_VALUE, look: 'text' },
  { route: '/', spec: 'kjokkenmontering', section: HOME_FORM, product: 'Kjøkkenmontering', why: OPTION_VALUE, look: 'text' },
  { route: '/', spec: 'annet', section: HOME_FORM, product: 'Annet', why: OPTION_VALUE, look: 'text' },
  { route: '/', spec: '4.9/5', section: ABOUT, product: '4,9/5', why: DECIMAL_COMMA, look: 'text' },
  { route: '/', spec: '98%', section: ABOUT, product: '98 %', why: PER_CENT, look: 'text' },
  { route: '/referanser', spec: '4.9/5', section: REFERENCES, product: '4,9/5', why: DECIMAL_COMMA, look: 'text' },
  { route: '/referanser', spec: '96%', section: REFERENCES, product: '96 %', why: PER_CENT, look: 'text' },
  { route: '/referanser', spec: '98%', section: REFERENCES, product: '98 %', why: PER_CENT, look: 'text' },
  { route: '/referanser', spec: '94%', section: REFERENCES, product: '94 %', why: PER_CENT, look: 'text' },
  { route: '/tjenester/elektriker', spec: 'Laster tjenester...', section: SERVICE_LISTS, product: NOT_LOADING, why: RENDERED },
  { route: '/tjenester/rorlegger', spec: 'Laster tjenester...', section: SERVICE_LISTS, product: NOT_LOADING, why: RENDERED },
  {
    route: '/tjenester/kjokken-bad',
    spec: 'Laster kjøkken & bad tjenester...',
    section: SERVICE_LISTS,
    product: NOT_LOADING,
    why: RENDERED,
  },

  // The back office.
  {
    route: '/admin/services/category/elektriker',
    spec: '(no confirmation before a service is deleted)',
    section: CATEGORY_SERVICES,
    product: 'Slette for godt?',
    why: 'A deleted service leaves the public pages at once and for good; the dialog points to the Aktiv box instead (src/features/catalogue/components/delete-service-dialog.tsx).',
  },
  {
    route: '/admin/media',
    spec: 'Uten alt-tekst',
    section: MEDIA,
    product: 'Mangler alt-tekst: skriv hva bildet viser.',
    why: 'A picture without alt text is read aloud as nothing, so its card asks for one (src/features/media/components/media-card.tsx).',
  },
  {
    // On failure: "N av M filer ble ikke lastet opp", naming each file.
    route: '/admin/media',
    spec: '(no message after an upload; a file that fails is skipped silently)',
    section: '8. Error catalogue › Other cases',
    product: 'Filen er lastet opp',
    why: 'Each file shows its progress, and one notice at the end says how the upload went, naming a file that failed (src/features/media/components/upload-queue.tsx).',
  },
  {
    route: '/admin/users',
    spec: 'Slett',
    section: '6. Roles and permissions',
    product: '(no Slett on the signed-in user\'s own row)',
    // The spec: "apparently including themselves".
    why: 'The server refuses to delete yourself or the last active admin (src/users/routes.rs), so your own row offers no Slett.',
  },
  {
    route: '/admin/settings',
    spec: '(no message after saving)',
    section: '8. Error catalogue › Other cases',
    product: 'Innstillinger lagret',
    why: 'The save changes the public pages at once, and the notice says so; a refusal is a "Feil" notice (src/features/settings/components/company-facts-form.tsx).',
  },
]
