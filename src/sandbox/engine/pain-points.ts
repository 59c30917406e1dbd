import type { Sector } from '../data/industries.js';

/** The pain_point_hypothesis agent's material: likely pains of a role and of an industry sector. */

export const ROLES = [
  'engineering',
  'data',
  'security',
  'sales',
  'marketing',
  'finance',
  'people',
  'legal',
  'customer',
  'product',
  'operations',
  'executive',
] as const;
export type Role = (typeof ROLES)[number];

/** Words of a (normalized) title that say the role; the first role that matches wins, so specific roles come before executive. */
const ROLE_WORDS: ReadonlyArray<[Role, RegExp]> = [
  ['security', /\b(security|ciso)\b/i],
  ['data', /\b(data|analytics|analyst|scientist|business intelligence|BI)\b/i],
  ['engineering', /\b(engineer\w*|developer|development|devops|architect|software|technical|technology|infrastructure|IT)\b/i],
  ['sales', /\b(sales|account executive|business development|revenue|partnerships)\b/i],
  ['marketing', /\b(marketing|brand|content|growth|demand|seo|communications)\b/i],
  ['finance', /\b(financ\w*|accountant|accounting|controller|tax|treasur\w*)\b/i],
  ['people', /\b(human resources|people|recruit\w*|talent)\b/i],
  ['legal', /\b(legal|counsel|law|compliance|paralegal|clerk)\b/i],
  ['customer', /\b(customer|support|client|account manager)\b/i],
  ['product', /\b(product|design\w*|user experience|UX)\b/i],
  ['operations', /\b(operations|program|project|supply|logistics|procurement|facilities)\b/i],
  ['executive', /\b(chief|founder|owner|president|managing director|general manager|partner)\b/i],
];

export function roleOf(title: string): Role | undefined {
  return ROLE_WORDS.find(([, words]) => words.test(title))?.[0];
}

export const PAIN_POINTS_BY_ROLE: Readonly<Record<Role | 'general', readonly string[]>> = {
  engineering: [
    'Delivery slowed by growing technical debt',
    'Hard to hire and keep senior engineers',
    'Cloud costs rising faster than usage',
    'Too much time spent on incidents and on-call',
    'Release process that depends on a few people',
  ],
  data: [
    'Data spread across tools with no single source of truth',
    'Stakeholders waiting days for reports',
    'Pipelines that break silently',
    'Unclear data ownership and quality rules',
    'Warehouse costs growing with every new dashboard',
  ],
  security: [
    'Alert fatigue from too many low-value signals',
    'Audits and compliance evidence gathered by hand',
    'Shadow IT and unmanaged SaaS accounts',
    'Too few security people for the attack surface',
    'Vendor risk reviews that stall deals',
  ],
  sales: [
    'Pipeline coverage below target',
    'Reps spending hours on research instead of selling',
    'Forecasts that miss by a wide margin',
    'Long ramp time for new hires',
    'Stale CRM data and missing contact details',
  ],
  marketing: [
    'Proving the pipeline impact of campaigns',
    'Lead quality that sales does not trust',
    'Too many channels for a small team',
    'Content that takes weeks to produce',
    'Rising acquisition costs on paid channels',
  ],
  finance: [
    'Month-end close that takes too long',
    'Spend visibility across teams and tools',
    'Forecasting with spreadsheets that break',
    'Manual reconciliation between systems',
    'Keeping up with changing tax and reporting rules',
  ],
  people: [
    'Time-to-hire too long for key roles',
    'Retention of high performers',
    'Onboarding that differs by manager',
    'Engagement hard to measure across locations',
    'HR data spread over several tools',
  ],
  legal: [
    'Contract review as a bottleneck for deals',
    'Tracking obligations and renewals by hand',
    'Keeping up with new regulations',
    'Outside counsel spend',
    'Policy questions answered one email at a time',
  ],
  customer: [
    'Churn signals spotted too late',
    'Support queues growing faster than the team',
    'Onboarding that delays time to value',
    'No single view of each account',
    'Expansion opportunities missed in renewals',
  ],
  product: [
    'Roadmap pulled in many directions by stakeholders',
    'Little evidence on which features drive retention',
    'Slow feedback loops with customers',
    'Design and engineering hand-offs losing context',
    'Prioritizing with incomplete usage data',
  ],
  operations: [
    'Processes that live in spreadsheets and inboxes',
    'Poor visibility into project status across teams',
    'Vendor and supplier delays',
    'Scaling operations without adding headcount',
    'Reporting that takes days to assemble',
  ],
  executive: [
    'Growing revenue efficiently with a lean team',
    'Aligning teams on a few priorities',
    'Hiring leaders fast enough for the growth plan',
    'Board-level visibility into pipeline and spend',
    'Choosing which bets to fund next quarter',
  ],
  general: [
    'Too much manual work between tools',
    'Priorities competing for a limited budget',
    'Reporting that takes too long to assemble',
    'Hiring and keeping good people',
    'Keeping up as the company grows',
  ],
};

export const PAIN_POINTS_BY_SECTOR: Readonly<Record<Sector, readonly string[]>> = {
  software: ['Crowded market pressuring win rates and pricing', 'Net revenue retention under board scrutiny'],
  telecom: ['Network upgrade costs against flat revenue per user', 'Customer churn to cheaper carriers'],
  finance: ['Regulatory reporting load', 'Fraud and risk checks slowing onboarding'],
  health: ['Patient data privacy and compliance requirements', 'Staff shortages and burnout'],
  consumer: ['Thin margins under rising input costs', 'Shifting buyer behaviour across channels'],
  education: ['Enrollment pressure and tight budgets', 'Adopting digital tools across faculty'],
  media: ['Audience attention split across platforms', 'Advertising revenue volatility'],
  services: ['Utilization and billable-hour targets', 'Winning work against larger firms'],
  industrial: ['Supply chain disruptions and lead times', 'Ageing equipment and maintenance costs'],
  logistics: ['Fuel and labour cost swings', 'Real-time shipment visibility for customers'],
  energy: ['Regulatory and transition pressure', 'Capital-intensive projects with long timelines'],
  hospitality: ['Seasonal demand and staffing swings', 'Guest reviews driving bookings'],
  realestate: ['Interest-rate pressure on deals', 'Tenant retention and occupancy'],
  public: ['Procurement rules lengthening every purchase', 'Delivering more services on fixed budgets'],
};
