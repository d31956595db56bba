import type { SpeakerStatus } from '../tables/speakers.ts'

/** A speaker of the demo event, as the seed writes it. */
export interface DemoSpeaker {
  name: string
  email: string
  title: string
  company: string
  bio: string
  status: SpeakerStatus
  tags: string[]
}

// Names from many languages on purpose: the widgets must render them, sort them and make
// initials of them. No photos: the demo must work offline, so every card shows initials.
// Companies are invented; addresses use the reserved `.example` domain.
export const DEMO_SPEAKERS: DemoSpeaker[] = [
  { name: 'Amara Okafor', email: 'amara.okafor@kestrel-cloud.example', title: 'CTO', company: 'Kestrel Cloud', status: 'checked_in', tags: ['keynote', 'leadership', 'platform'],
    bio: 'Amara has built infrastructure for payment networks across West Africa and Europe. She writes about reliable systems for unreliable networks.' },
  { name: 'Jonas Weißenberger', email: 'jonas.weissenberger@fjord-systems.example', title: 'Principal Engineer', company: 'Fjord Systems', status: 'checked_in', tags: ['keynote', 'maintenance'],
    bio: 'Jonas has maintained the same open-source database driver for twelve years and believes boring software is a competitive advantage.' },
  { name: 'Priya Raghunathan', email: 'priya.r@lumen-data.example', title: 'VP Engineering', company: 'Lumen Data', status: 'scheduled', tags: ['keynote', 'open-web', 'accessibility'],
    bio: 'Priya leads the engineering organisation at Lumen Data and chairs a working group on web accessibility standards.' },
  { name: 'Søren Bækgaard', email: 'soren.baekgaard@tessellate.example', title: 'Founder', company: 'Tessellate', status: 'scheduled', tags: ['keynote', 'design-systems'],
    bio: 'Søren founded Tessellate after a decade of design-systems work for public-sector services in Denmark.' },
  { name: 'Chloé Lefèvre', email: 'chloe.lefevre@papercut.example', title: 'Staff Frontend Engineer', company: 'Papercut Studio', status: 'scheduled', tags: ['web-components', 'accessibility', 'workshop'],
    bio: 'Chloé builds component libraries used by hundreds of teams and teaches accessible UI patterns.' },
  { name: 'Mateus Oliveira', email: 'mateus.oliveira@atlas-retail.example', title: 'Database Reliability Engineer', company: 'Atlas Retail', status: 'scheduled', tags: ['postgres', 'performance', 'workshop'],
    bio: 'Mateus keeps a fleet of Postgres clusters fast through peak season and has opinions about every index.' },
  { name: 'Ingrid Þórsdóttir', email: 'ingrid.thorsdottir@northwind.example', title: 'Platform Lead', company: 'Northwind Labs', status: 'scheduled', tags: ['kubernetes', 'workshop'],
    bio: 'Ingrid runs the platform team at Northwind Labs, where she has written more Kubernetes operators than she would like to admit.' },
  { name: 'Kwame Mensah', email: 'kwame.mensah@quillstack.example', title: 'ML Engineer', company: 'Quillstack', status: 'confirmed', tags: ['llm', 'evaluation', 'workshop'],
    bio: 'Kwame builds evaluation tooling for language-model features and has broken more benchmarks than he has published.' },
  { name: 'Hannah Schröder', email: 'hannah.schroeder@cobalt-health.example', title: 'Site Reliability Engineer', company: 'Cobalt Health', status: 'confirmed', tags: ['observability', 'opentelemetry', 'workshop'],
    bio: 'Hannah introduced OpenTelemetry at a hospital software vendor and lived to tell the tale.' },
  { name: 'Yuki Tanaka (田中 由紀)', email: 'yuki.tanaka@brightpath.example', title: 'Design Engineer', company: 'Brightpath', status: 'confirmed', tags: ['design-systems', 'design-tokens', 'workshop'],
    bio: 'Yuki works where design meets code, turning design tokens into themes for web, iOS and Android.' },
  { name: 'Łukasz Wiśniewski', email: 'lukasz.wisniewski@kestrel-cloud.example', title: 'Senior SRE', company: 'Kestrel Cloud', status: 'scheduled', tags: ['kubernetes', 'platform'],
    bio: 'Łukasz runs clusters that nobody notices, which is exactly the point.' },
  { name: 'Aoife Ní Bhriain', email: 'aoife.nibhriain@meridian-bank.example', title: 'Engineering Manager', company: 'Meridian Bank', status: 'scheduled', tags: ['postgres', 'migrations'],
    bio: 'Aoife manages the core ledger team at Meridian Bank and has migrated a schema under live traffic more than once.' },
  { name: 'Dmitri Volkov', email: 'dmitri.volkov@helix-robotics.example', title: 'Staff Engineer', company: 'Helix Robotics', status: 'scheduled', tags: ['observability', 'cost'],
    bio: 'Dmitri cut his company’s logging bill in half without losing a single useful signal.' },
  { name: 'Nguyễn Thị Hoa', email: 'hoa.nguyen@open-transit.example', title: 'Data Scientist', company: 'Open Transit Berlin', status: 'scheduled', tags: ['forecasting', 'machine-learning'],
    bio: 'Hoa forecasts passenger demand for a city transport network and explains her models to people who drive buses.' },
  { name: 'Çağla Yıldız', email: 'cagla.yildiz@papercut.example', title: 'Accessibility Specialist', company: 'Papercut Studio', status: 'scheduled', tags: ['accessibility', 'wcag'],
    bio: 'Çağla audits products for accessibility and teaches teams to ship WCAG 2.2 without drama.' },
  { name: 'José Álvarez', email: 'jose.alvarez@atlas-retail.example', title: 'Frontend Architect', company: 'Atlas Retail', status: 'scheduled', tags: ['performance', 'web'],
    bio: 'José makes a storefront load in under a second on a three-year-old phone on a train.' },
  { name: 'Αλεξάνδρα Παπαδοπούλου', email: 'alexandra.papadopoulou@fjord-systems.example', title: 'Security Engineer', company: 'Fjord Systems', status: 'confirmed', tags: ['security', 'supply-chain'],
    bio: 'Alexandra leads software supply-chain security at Fjord Systems and maintains a popular SBOM tool.' },
  { name: 'Olumide Adeyemi', email: 'olumide.adeyemi@northwind.example', title: 'Product Engineer', company: 'Northwind Labs', status: 'confirmed', tags: ['platform', 'product'],
    bio: 'Olumide treats the internal developer platform as a product, with users, research and a roadmap.' },
  { name: 'Björn Ekström', email: 'bjorn.ekstrom@kestrel-cloud.example', title: 'Rust Engineer', company: 'Kestrel Cloud', status: 'confirmed', tags: ['rust', 'performance'],
    bio: 'Björn rewrote a latency-critical service in Rust and kept the old one running beside it for a year.' },
  { name: 'Mariana Gonçalves', email: 'mariana.goncalves@lumen-data.example', title: 'Analytics Engineer', company: 'Lumen Data', status: 'accepted', tags: ['data-engineering', 'analytics'],
    bio: 'Mariana builds warehouses that finance teams trust and can explain to auditors.' },
  { name: 'Amira Haddad', email: 'amira.haddad@quillstack.example', title: 'Research Engineer', company: 'Quillstack', status: 'accepted', tags: ['llm', 'rag'],
    bio: 'Amira works on retrieval for language models and keeps a list of everything that did not work.' },
  { name: 'Tomáš Dvořák', email: 'tomas.dvorak@brightpath.example', title: 'Senior Frontend Engineer', company: 'Brightpath', status: 'accepted', tags: ['css', 'web'],
    bio: 'Tomáš has deleted more JavaScript than most people write, replacing it with modern CSS.' },
  { name: 'Freya Lindqvist', email: 'freya.lindqvist@tessellate.example', title: 'Staff Engineer', company: 'Tessellate', status: 'accepted', tags: ['typescript', 'testing'],
    bio: 'Freya introduced strict TypeScript to a codebase of two million lines, one directory at a time.' },
  { name: 'Rafael Mendes', email: 'rafael.mendes@cobalt-health.example', title: 'Privacy Engineer', company: 'Cobalt Health', status: 'accepted', tags: ['privacy', 'analytics'],
    bio: 'Rafael designs analytics that answer product questions without collecting what they should not.' },
  { name: 'Leila Farahani', email: 'leila.farahani@meridian-bank.example', title: 'Head of Data Platform', company: 'Meridian Bank', status: 'accepted', tags: ['data-contracts', 'data-engineering'],
    bio: 'Leila introduced data contracts between forty teams and wrote down everything she learned.' },
  { name: 'Sebastián Ruiz', email: 'sebastian.ruiz@helix-robotics.example', title: 'ML Platform Engineer', company: 'Helix Robotics', status: 'accepted', tags: ['mlops', 'machine-learning'],
    bio: 'Sebastián moves models from notebooks into production for a team of six data scientists.' },
  { name: 'Zoë Müller-Lüdenscheidt', email: 'zoe.mueller@open-transit.example', title: 'Mobile Engineer', company: 'Open Transit Berlin', status: 'confirmed', tags: ['offline-first', 'mobile'],
    bio: 'Zoë builds the departure-board app that keeps working in Berlin’s U-Bahn tunnels.' },
  { name: '王芳 (Wang Fang)', email: 'fang.wang@lumen-data.example', title: 'Search Engineer', company: 'Lumen Data', status: 'confirmed', tags: ['search', 'postgres'],
    bio: 'Fang has tuned search relevance for product catalogues in six languages.' },
  { name: 'Ethan Brooks', email: 'ethan.brooks@northwind.example', title: 'Engineering Director', company: 'Northwind Labs', status: 'scheduled', tags: ['leadership', 'on-call'],
    bio: 'Ethan redesigned on-call at Northwind Labs after it cost the company two of its best engineers.' },
  { name: 'Anaïs Dubois', email: 'anais.dubois@papercut.example', title: 'UX Engineer', company: 'Papercut Studio', status: 'scheduled', tags: ['forms', 'ux'],
    bio: 'Anaïs studies why people abandon forms, and how to make them finish.' },
  // Not public: the embed API and the widgets must never show these.
  { name: 'Marcus Hale', email: 'marcus.hale@atlas-retail.example', title: 'Principal Architect', company: 'Atlas Retail', status: 'invited', tags: ['architecture'],
    bio: 'Marcus has been invited to talk about multi-region architecture.' },
  { name: 'Saanvi Iyer', email: 'saanvi.iyer@quillstack.example', title: 'Data Engineer', company: 'Quillstack', status: 'invited', tags: ['data-engineering'],
    bio: 'Saanvi has been invited to speak about streaming pipelines.' },
  { name: 'Oskar Nowak', email: 'oskar.nowak@fjord-systems.example', title: 'Backend Engineer', company: 'Fjord Systems', status: 'applied', tags: ['rust'],
    bio: 'Oskar applied with a talk about async Rust.' },
  { name: 'Fatima Zahra Benali', email: 'fatima.benali@cobalt-health.example', title: 'QA Lead', company: 'Cobalt Health', status: 'applied', tags: ['testing'],
    bio: 'Fatima applied with a talk about contract testing.' },
  { name: 'Henrik Aalto', email: 'henrik.aalto@kestrel-cloud.example', title: 'SRE', company: 'Kestrel Cloud', status: 'declined', tags: ['chaos-engineering'],
    bio: 'Henrik could not make it this year.' },
  { name: 'Grace Whitfield', email: 'grace.whitfield@meridian-bank.example', title: 'Security Architect', company: 'Meridian Bank', status: 'withdrawn', tags: ['security'],
    bio: 'Grace withdrew her talk after the schedule was published; the session still lists her until the organisers update it.' },
]
