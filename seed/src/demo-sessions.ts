import type { SessionLevel } from '@event-service/db'

/** A session of the demo event before it has dates: day 0–2 and local wall-clock times. */
export interface DemoSession {
  day: number
  start: string
  end: string
  title: string
  description: string
  track: string | null
  room: string | null
  /** Indexes into `DEMO_SPEAKERS`, in the order they are listed. */
  speakers: number[]
  /** The organiser's kind of session; null for breaks and meals. */
  format?: string | null
  level?: SessionLevel | null
  language?: string | null
  tags?: string[]
}

interface Talk {
  title: string
  description: string
  speakers: number[]
}

const TRACKS = [
  { track: 'Platform', room: 'Hall A' },
  { track: 'Frontend', room: 'Hall B' },
  { track: 'Data & AI', room: 'Room Spree' },
] as const

const SLOTS = [
  ['10:00', '10:45'],
  ['11:15', '12:00'],
  ['12:00', '12:45'],
  ['13:45', '14:30'],
] as const

// Twelve talks per track, four a day. Speaker 35 (withdrawn) is still listed on one talk: the
// embed API must leave her out of it.
const TALKS: Record<(typeof TRACKS)[number]['track'], Talk[]> = {
  Platform: [
    {
      title: 'Boring Kubernetes: running 400 services without heroics',
      description: 'Conventions, paved roads and the few custom controllers that turned a fragile cluster into one nobody talks about.',
      speakers: [10],
    },
    {
      title: 'Postgres at the edge of its comfort zone',
      description: 'Partitioning, connection pooling and vacuum tuning for a database that grew a hundredfold in two years.',
      speakers: [5],
    },
    {
      title: 'Observability budgets: what to keep when logs cost more than servers',
      description: 'Sampling, retention tiers and the signals that actually get looked at during an incident.',
      speakers: [12],
    },
    {
      title: 'Zero-downtime schema migrations in practice',
      description: 'Expand, migrate, contract: how a bank changes its core ledger schema under live traffic.',
      speakers: [11],
    },
    {
      title: 'The pager is a product: on-call that people survive',
      description: 'What changed when we treated on-call as a product with users, feedback and a roadmap.',
      speakers: [28],
    },
    {
      title: 'Supply-chain security for the rest of us',
      description: 'SBOMs, signed builds and dependency policies that a team of five can actually keep up.',
      speakers: [16, 35],
    },
    {
      title: 'Platform teams as internal product companies',
      description: 'User research, adoption metrics and saying no: running an internal platform like a product.',
      speakers: [17],
    },
    {
      title: 'Rust in the hot path: a migration story',
      description: 'Replacing a latency-critical service one endpoint at a time, with both versions running side by side.',
      speakers: [18],
    },
    {
      title: 'Cost-aware architecture without spreadsheets',
      description: 'Putting the price of a request next to its latency in every dashboard, and what engineers did with it.',
      speakers: [12, 0],
    },
    {
      title: 'Chaos engineering on a budget',
      description: 'Game days, fault injection in staging and the three experiments that found real outages.',
      speakers: [10, 6],
    },
    {
      title: 'Secrets management beyond .env files',
      description: 'Short-lived credentials, rotation without downtime and detecting leaked keys before attackers do.',
      speakers: [16],
    },
    {
      title: 'Multi-region without multi-headaches',
      description: 'Which parts of a system really need to be active-active, and how to keep the rest simple.',
      speakers: [0],
    },
  ],
  Frontend: [
    {
      title: 'Web components in production: three years in',
      description: 'Shadow DOM, theming with custom properties and what we would do differently today.',
      speakers: [4],
    },
    {
      title: 'Design systems that survive reorganisations',
      description: 'Ownership, versioning and contribution models that outlast the team that started them.',
      speakers: [9, 3],
    },
    {
      title: 'Accessibility is a feature: shipping WCAG 2.2 with confidence',
      description: 'Automated checks, manual audits and the review habits that keep an app accessible release after release.',
      speakers: [14],
    },
    {
      title: 'The 100 KB budget: performance for a global audience',
      description: 'Measuring on real devices, code-splitting by route and keeping the budget when marketing wants one more script.',
      speakers: [15],
    },
    {
      title: 'Server components, islands and the return of HTML',
      description: 'A tour of rendering strategies, with measurements from one storefront built four ways.',
      speakers: [15, 21],
    },
    {
      title: 'Internationalisation done right: dates, plurals and right-to-left',
      description: 'Intl APIs, time zones and layouts that flip cleanly for Arabic and Hebrew.',
      speakers: [2],
    },
    {
      title: 'Testing UI without tears',
      description: 'Component tests in real browsers, visual diffs that do not flake and when to stop testing.',
      speakers: [22],
    },
    {
      title: 'CSS has grown up: container queries, :has() and cascade layers',
      description: 'Deleting JavaScript with modern CSS, and the browser support story in practice.',
      speakers: [21],
    },
    {
      title: 'Offline-first apps for unreliable networks',
      description: 'Service workers, background sync and conflict resolution for a transit app used underground.',
      speakers: [26],
    },
    {
      title: 'Embedding widgets safely on other people’s sites',
      description: 'Origin checks, shadow DOM isolation and loaders that never block the host page.',
      speakers: [4, 14],
    },
    {
      title: 'Forms that people finish',
      description: 'Validation messages, autofill and error recovery, backed by a year of completion data.',
      speakers: [29],
    },
    {
      title: 'TypeScript at scale: strictness as a team sport',
      description: 'Turning on strict mode across two million lines without stopping feature work.',
      speakers: [22],
    },
  ],
  'Data & AI': [
    {
      title: 'Retrieval-augmented generation without the hype',
      description: 'Chunking, ranking and citations: what mattered for answer quality and what did not.',
      speakers: [20],
    },
    {
      title: 'Evaluating LLM features like you mean it',
      description: 'Test sets, graders and regression tracking for features whose output changes every week.',
      speakers: [7],
    },
    {
      title: 'Streaming pipelines with plain Postgres',
      description: 'Logical replication, LISTEN/NOTIFY and outbox tables instead of a new cluster to operate.',
      speakers: [5, 24],
    },
    {
      title: 'Privacy engineering for analytics',
      description: 'Aggregation at the edge, retention limits and answering product questions with less data.',
      speakers: [23],
    },
    {
      title: 'From notebook to production: MLOps for small teams',
      description: 'The smallest set of tools that gets a model deployed, monitored and retrained.',
      speakers: [25],
    },
    {
      title: 'Search relevance: trigram, full-text and vectors compared',
      description: 'Three approaches to product search measured on the same catalogue in six languages.',
      speakers: [27],
    },
    {
      title: 'Data contracts between teams',
      description: 'Schemas, ownership and breaking-change reviews for data that forty teams depend on.',
      speakers: [24],
    },
    {
      title: 'Forecasting demand for public transport',
      description: 'Weather, events and school holidays: forecasting passenger numbers for a city network.',
      speakers: [13],
    },
    {
      title: 'Responsible AI reviews that don’t block shipping',
      description: 'A lightweight review process for AI features, with the checklist we actually use.',
      speakers: [20, 7],
    },
    {
      title: 'The analytics warehouse you can explain to finance',
      description: 'Modelling revenue so that dashboards, auditors and the finance team agree.',
      speakers: [19],
    },
    {
      title: 'Fine-tuning small models on a laptop budget',
      description: 'When a small fine-tuned model beats a large general one, and how to tell before you start.',
      speakers: [25],
    },
    {
      title: 'When not to use machine learning',
      description: 'Rules, heuristics and good defaults that beat models, with examples from transport and retail.',
      speakers: [13, 19],
    },
  ],
}

const KEYNOTES: Talk[] = [
  {
    title: 'Opening keynote: reliable software for unreliable networks',
    description: 'Lessons from building payment infrastructure where the network is the least reliable part.',
    speakers: [0],
  },
  {
    title: 'Keynote: software that lasts',
    description: 'Maintenance as a first-class craft, and why the most valuable code is the code that is still running.',
    speakers: [1],
  },
  {
    title: 'Keynote: the open web is worth defending',
    description: 'Accessibility, standards and interoperability as the foundations of everything we build.',
    speakers: [2],
  },
]

const WORKSHOPS: Talk[] = [
  {
    title: 'Workshop: accessible web components with Lit',
    description: 'Build a themeable, keyboard-friendly component from scratch. Bring a laptop with Node installed.',
    speakers: [4],
  },
  {
    title: 'Workshop: Postgres performance tuning',
    description: 'Read query plans, choose indexes and fix the five most common slow queries on a sample database.',
    speakers: [5],
  },
  {
    title: 'Workshop: Kubernetes operators from scratch',
    description: 'Write a small operator that manages a real resource, with tests.',
    speakers: [6],
  },
  {
    title: 'Workshop: evaluating LLM applications',
    description: 'Build an evaluation set and an automated grader for a question-answering feature.',
    speakers: [7],
  },
  {
    title: 'Workshop: observability with OpenTelemetry',
    description: 'Instrument a small service end to end: traces, metrics and logs that link to each other.',
    speakers: [8],
  },
  {
    title: 'Workshop: design tokens from Figma to code',
    description: 'Export tokens, transform them for web and mobile, and theme a component library.',
    speakers: [9],
  },
]

const plain = (day: number, start: string, end: string, title: string, description: string, room: string | null): DemoSession => ({
  day,
  start,
  end,
  title,
  description,
  track: null,
  room,
  speakers: [],
})

/**
 * The demo event's programme: three days of keynotes, three parallel talk tracks, workshops and
 * breaks, in the event's local time.
 */
const LEVELS: SessionLevel[] = ['beginner', 'intermediate', 'advanced']
const TRACK_TAGS: Record<string, string[]> = {
  Platform: ['platform', 'operations'],
  Frontend: ['frontend', 'web'],
  'Data & AI': ['data', 'ai'],
  Workshops: ['hands-on'],
}

/**
 * The fields schedules show, derived so the demo has every kind the widgets filter by: formats
 * (keynote, talk, workshop, panel, lightning talks), levels, two languages (every fifth talk is
 * in German) and tags per track.
 */
function withScheduleFields(sessions: DemoSession[]): DemoSession[] {
  let talk = 0
  return sessions.map((s) => {
    if (s.speakers.length === 0 && s.title !== 'Lightning talks') return { ...s, format: null, level: null, language: null, tags: [] }
    const format =
      s.title === 'Lightning talks'
        ? 'Lightning talks'
        : s.title.startsWith('Closing panel')
          ? 'Panel'
          : s.track === 'Workshops'
            ? 'Workshop'
            : s.track === null
              ? 'Keynote'
              : 'Talk'
    const n = talk++
    const level = format === 'Talk' ? (LEVELS[n % 3] as SessionLevel) : format === 'Workshop' ? 'beginner' : null
    const language = format === 'Talk' && n % 5 === 4 ? 'de' : 'en'
    const tags = [...(TRACK_TAGS[s.track ?? ''] ?? []), ...(format === 'Keynote' || format === 'Panel' ? ['keynote'] : [])]
    return { ...s, format, level, language, tags: format === 'Lightning talks' ? ['community'] : tags }
  })
}

export function demoSchedule(): DemoSession[] {
  return withScheduleFields(baseSchedule())
}

function baseSchedule(): DemoSession[] {
  const sessions: DemoSession[] = []
  for (let day = 0; day < 3; day++) {
    sessions.push(
      day === 0
        ? plain(
            day,
            '08:00',
            '09:00',
            'Registration & breakfast',
            'Pick up your badge in the foyer; coffee and pastries are served.',
            'Foyer',
          )
        : plain(day, '08:30', '09:00', 'Doors open & coffee', 'Coffee in the foyer before the keynote.', 'Foyer'),
    )
    const keynote = KEYNOTES[day] as Talk
    sessions.push({ day, start: '09:00', end: '09:45', track: null, room: 'Hall A', ...keynote })
    for (const { track, room } of TRACKS) {
      TALKS[track].slice(day * 4, day * 4 + 4).forEach((talk, slot) => {
        const [start, end] = SLOTS[slot] as readonly [string, string]
        sessions.push({ day, start, end, track, room, ...talk })
      })
    }
    sessions.push({ day, start: '10:00', end: '12:45', track: 'Workshops', room: 'Workshop Loft', ...(WORKSHOPS[day * 2] as Talk) })
    sessions.push({ day, start: '13:45', end: '16:15', track: 'Workshops', room: 'Workshop Loft', ...(WORKSHOPS[day * 2 + 1] as Talk) })
    sessions.push(plain(day, '10:45', '11:15', 'Coffee break', 'Coffee, tea and the sponsor booths in the foyer.', 'Foyer'))
    sessions.push(
      plain(
        day,
        '12:45',
        '13:45',
        'Lunch',
        'Lunch is served in the foyer and on the terrace; vegetarian and vegan options at every counter.',
        'Foyer',
      ),
    )
    sessions.push(plain(day, '14:30', '15:00', 'Afternoon break', 'Coffee and cake in the foyer.', 'Foyer'))
    if (day < 2) {
      sessions.push(
        plain(day, '15:00', '15:45', 'Lightning talks', 'Five-minute talks from attendees; sign up at the registration desk.', 'Hall B'),
      )
    }
  }
  sessions.push(
    plain(0, '18:00', '21:00', 'Community evening', 'Food, drinks and music on the terrace. Open to every attendee.', 'Terrace'),
  )
  sessions.push({
    day: 2,
    start: '15:00',
    end: '15:45',
    track: null,
    room: 'Hall A',
    title: 'Closing panel: the next ten years of building for the web',
    description: 'Our keynote speakers on what will change, what will not, and what to learn next.',
    speakers: [3, 2, 28],
  })
  sessions.push(plain(2, '16:00', '18:00', 'Farewell drinks', 'Thank you for coming. See you next year!', 'Terrace'))
  return sessions
}
