/**
 * LinkedIn-style industries with what a company in each is called, sells and runs on.
 * Sectors group industries that share revenue per head, audiences and tools.
 */

export type Sector =
  | 'software'
  | 'telecom'
  | 'finance'
  | 'health'
  | 'consumer'
  | 'education'
  | 'media'
  | 'services'
  | 'industrial'
  | 'logistics'
  | 'energy'
  | 'hospitality'
  | 'realestate'
  | 'public';

export interface Industry {
  label: string;
  sector: Sector;
  /** Relative share of companies. */
  weight: number;
  /** Words that end a company name ("Labs", "Therapeutics"). */
  nouns: string[];
  /** What such a company sells, as a noun phrase. */
  offerings: string[];
  /** Named after founders ("Hale & Porter LLP") often. */
  surnames?: boolean;
}

interface SectorSpec {
  /** Revenue per employee, thousands of USD. */
  revenuePerHead: number;
  verbs: string[];
  audiences: string[];
  tech: string[];
}

export const SECTORS: Readonly<Record<Sector, SectorSpec>> = {
  software: {
    revenuePerHead: 220,
    verbs: ['builds', 'develops', 'offers', 'provides'],
    audiences: [
      'engineering teams',
      'mid-market companies',
      'enterprise IT teams',
      'small businesses',
      'online sellers',
      'finance teams',
      'healthcare providers',
    ],
    tech: [
      'Kubernetes',
      'Docker',
      'React',
      'Node.js',
      'PostgreSQL',
      'Datadog',
      'GitHub',
      'Snowflake',
      'Terraform',
      'Sentry',
      'Segment',
      'Stripe',
      'Cloudflare',
      'Jira',
    ],
  },
  telecom: {
    revenuePerHead: 350,
    verbs: ['provides', 'operates', 'delivers'],
    audiences: ['households', 'businesses', 'mobile subscribers', 'carriers'],
    tech: ['Cisco', 'Juniper Networks', 'Oracle', 'ServiceNow', 'Splunk', 'Kubernetes', 'Nokia NetAct'],
  },
  finance: {
    revenuePerHead: 350,
    verbs: ['provides', 'offers', 'delivers'],
    audiences: ['small businesses', 'families', 'founders', 'institutional clients', 'consumers', 'mid-market companies'],
    tech: ['Bloomberg Terminal', 'Oracle', 'SAP', 'Workday', 'Tableau', 'Snowflake', 'Okta', 'ServiceNow', 'Plaid', 'Stripe'],
  },
  health: {
    revenuePerHead: 180,
    verbs: ['provides', 'develops', 'delivers', 'offers'],
    audiences: ['patients', 'hospitals', 'clinicians', 'pharmaceutical partners', 'local communities'],
    tech: ['Epic Systems', 'Oracle Health', 'Veeva', 'Microsoft Dynamics 365', 'Tableau', 'ServiceNow', 'Benchling'],
  },
  consumer: {
    revenuePerHead: 200,
    verbs: ['sells', 'makes', 'offers'],
    audiences: ['shoppers', 'families', 'home cooks', 'outdoor enthusiasts', 'retail partners'],
    tech: ['Shopify', 'Magento', 'Klaviyo', 'Stripe', 'Zendesk', 'Google Analytics', 'Segment', 'SAP'],
  },
  education: {
    revenuePerHead: 90,
    verbs: ['offers', 'provides', 'delivers'],
    audiences: ['students', 'working professionals', 'schools', 'employers'],
    tech: ['Canvas LMS', 'Moodle', 'Blackboard', 'Zoom', 'Google Analytics', 'Ellucian'],
  },
  media: {
    revenuePerHead: 150,
    verbs: ['creates', 'produces', 'delivers', 'provides'],
    audiences: ['consumer brands', 'audiences worldwide', 'B2B companies', 'streaming platforms'],
    tech: ['Adobe Creative Cloud', 'WordPress', 'Google Analytics', 'Marketo', 'HubSpot', 'Hootsuite', 'Figma', 'Frame.io'],
  },
  services: {
    revenuePerHead: 160,
    verbs: ['provides', 'offers', 'delivers'],
    audiences: ['growing companies', 'public-sector clients', 'private clients', 'enterprises', 'developers and landlords'],
    tech: ['NetSuite', 'DocuSign', 'Clio', 'Xero', 'QuickBooks', 'Asana', 'Monday.com', 'Microsoft Dynamics 365', 'Autodesk Revit'],
  },
  industrial: {
    revenuePerHead: 250,
    verbs: ['manufactures', 'engineers', 'builds', 'supplies'],
    audiences: ['manufacturers', 'automakers', 'utilities', 'aerospace primes', 'developers and municipalities'],
    tech: ['SAP', 'Siemens Teamcenter', 'AutoCAD', 'SolidWorks', 'Oracle', 'Microsoft Dynamics 365', 'Procore', 'PTC Windchill'],
  },
  logistics: {
    revenuePerHead: 200,
    verbs: ['provides', 'operates', 'runs'],
    audiences: ['retailers', 'manufacturers', 'e-commerce brands', 'shippers'],
    tech: ['SAP', 'Oracle', 'Samsara', 'Manhattan Associates', 'Blue Yonder', 'Microsoft Dynamics 365', 'project44'],
  },
  energy: {
    revenuePerHead: 400,
    verbs: ['develops', 'operates', 'supplies', 'provides'],
    audiences: ['utilities', 'industrial customers', 'households', 'municipalities'],
    tech: ['SAP', 'AVEVA PI System', 'Esri ArcGIS', 'Oracle', 'IBM Maximo', 'Microsoft Dynamics 365'],
  },
  hospitality: {
    revenuePerHead: 80,
    verbs: ['runs', 'operates', 'offers'],
    audiences: ['travellers', 'families', 'business guests', 'local diners', 'event organisers'],
    tech: ['Oracle Opera', 'Toast', 'Square', 'OpenTable', 'Mailchimp', 'Shopify', 'Booking.com Extranet'],
  },
  realestate: {
    revenuePerHead: 300,
    verbs: ['provides', 'offers', 'manages'],
    audiences: ['tenants', 'investors', 'homebuyers', 'landlords'],
    tech: ['Yardi', 'AppFolio', 'Procore', 'DocuSign', 'CoStar'],
  },
  public: {
    revenuePerHead: 70,
    verbs: ['delivers', 'provides', 'runs'],
    audiences: ['residents', 'local communities', 'young people', 'small businesses', 'families in need'],
    tech: ['Microsoft Dynamics 365', 'ServiceNow', 'Esri ArcGIS', 'Blackbaud', 'Salesforce Nonprofit Cloud'],
  },
};

/** Tools nearly every company runs: one of each group. */
export const BASE_TECH: readonly string[][] = [
  ['Google Workspace', 'Microsoft 365'],
  ['Slack', 'Microsoft Teams', 'Zoom'],
  ['Amazon Web Services', 'Google Cloud', 'Microsoft Azure'],
  ['Salesforce', 'HubSpot', 'Pipedrive', 'Zoho CRM'],
];

export const INDUSTRIES: readonly Industry[] = [
  {
    label: 'Software Development',
    sector: 'software',
    weight: 12,
    nouns: ['Labs', 'Software', 'Systems', 'Technologies', 'Cloud', 'AI'],
    offerings: [
      'a workflow automation platform',
      'developer tools for shipping software faster',
      'cloud software for managing field operations',
      'an AI assistant for customer conversations',
      'a billing and subscription platform',
    ],
  },
  {
    label: 'IT Services and IT Consulting',
    sector: 'software',
    weight: 8,
    nouns: ['Solutions', 'IT', 'Technologies', 'Systems', 'Tech'],
    offerings: ['managed IT services', 'cloud migration and IT consulting', 'round-the-clock infrastructure monitoring'],
  },
  {
    label: 'Computer and Network Security',
    sector: 'software',
    weight: 3,
    nouns: ['Security', 'Cyber', 'Shield', 'Defense'],
    offerings: ['threat detection and response software', 'identity security tools', 'penetration testing services'],
  },
  {
    label: 'Technology, Information and Internet',
    sector: 'software',
    weight: 4,
    nouns: ['Digital', 'Online', 'Apps', 'Interactive', 'Web'],
    offerings: ['consumer mobile apps', 'an online marketplace', 'a subscription content platform'],
  },
  {
    label: 'Computer Games',
    sector: 'software',
    weight: 1.5,
    nouns: ['Games', 'Studios', 'Interactive', 'Play'],
    offerings: ['multiplayer mobile games', 'narrative PC and console games'],
  },
  {
    label: 'Telecommunications',
    sector: 'telecom',
    weight: 2,
    nouns: ['Telecom', 'Networks', 'Connect', 'Wireless', 'Fiber'],
    offerings: ['fibre broadband', 'mobile connectivity', 'enterprise voice and data networks'],
  },
  {
    label: 'Financial Services',
    sector: 'finance',
    weight: 6,
    nouns: ['Financial', 'Capital', 'Pay', 'Finance', 'Money'],
    offerings: ['payment processing', 'small-business lending', 'wealth management services', 'expense management cards'],
  },
  {
    label: 'Banking',
    sector: 'finance',
    weight: 2,
    nouns: ['Bank', 'Banking', 'Savings', 'Trust'],
    offerings: ['retail and business banking', 'digital bank accounts'],
  },
  {
    label: 'Insurance',
    sector: 'finance',
    weight: 2.5,
    nouns: ['Insurance', 'Assurance', 'Mutual', 'Underwriters'],
    offerings: ['commercial insurance', 'health and life insurance policies', 'embedded insurance products'],
  },
  {
    label: 'Venture Capital and Private Equity Principals',
    sector: 'finance',
    weight: 1.5,
    nouns: ['Capital', 'Ventures', 'Partners', 'Equity'],
    offerings: ['early-stage venture funding', 'growth equity'],
  },
  {
    label: 'Accounting',
    sector: 'finance',
    weight: 2.5,
    nouns: ['Accounting', 'Accountants', 'Advisory'],
    offerings: ['audit, tax and advisory services', 'outsourced bookkeeping and payroll'],
    surnames: true,
  },
  {
    label: 'Hospitals and Health Care',
    sector: 'health',
    weight: 5,
    nouns: ['Health', 'Care', 'Medical', 'Clinic', 'Health Partners'],
    offerings: ['primary and specialty care', 'home health services', 'outpatient clinics'],
  },
  {
    label: 'Biotechnology Research',
    sector: 'health',
    weight: 2.5,
    nouns: ['Bio', 'Therapeutics', 'Biosciences', 'Genomics'],
    offerings: ['gene therapies', 'antibody discovery research', 'diagnostic biomarkers'],
  },
  {
    label: 'Pharmaceutical Manufacturing',
    sector: 'health',
    weight: 1.5,
    nouns: ['Pharma', 'Pharmaceuticals', 'Laboratories'],
    offerings: ['generic medicines', 'specialty pharmaceuticals'],
  },
  {
    label: 'Medical Equipment Manufacturing',
    sector: 'health',
    weight: 2,
    nouns: ['Medical', 'Devices', 'Instruments', 'Diagnostics'],
    offerings: ['surgical instruments', 'patient monitoring devices', 'diagnostic imaging equipment'],
  },
  {
    label: 'Wellness and Fitness Services',
    sector: 'health',
    weight: 1.5,
    nouns: ['Fitness', 'Wellness', 'Studios', 'Health Club'],
    offerings: ['boutique fitness studios', 'corporate wellness programmes'],
  },
  {
    label: 'Retail',
    sector: 'consumer',
    weight: 5,
    nouns: ['Market', 'Stores', 'Outfitters', 'Goods', 'Supply'],
    offerings: ['home goods online and in stores', 'outdoor gear', 'everyday essentials'],
  },
  {
    label: 'Food and Beverage Manufacturing',
    sector: 'consumer',
    weight: 2.5,
    nouns: ['Foods', 'Beverages', 'Brewing', 'Kitchens', 'Provisions'],
    offerings: ['plant-based snacks', 'craft beverages', 'packaged foods'],
  },
  {
    label: 'Higher Education',
    sector: 'education',
    weight: 2,
    nouns: ['University', 'College', 'Institute'],
    offerings: ['undergraduate and graduate programmes', 'executive education'],
  },
  {
    label: 'E-Learning Providers',
    sector: 'education',
    weight: 2,
    nouns: ['Learning', 'Academy', 'Learn', 'Education'],
    offerings: ['online courses', 'a corporate learning platform', 'language learning apps'],
  },
  {
    label: 'Marketing Services',
    sector: 'media',
    weight: 4,
    nouns: ['Marketing', 'Growth', 'Agency', 'Digital'],
    offerings: ['performance marketing campaigns', 'brand strategy', 'content marketing'],
  },
  {
    label: 'Advertising Services',
    sector: 'media',
    weight: 2.5,
    nouns: ['Advertising', 'Media', 'Ads', 'Creative'],
    offerings: ['programmatic advertising', 'out-of-home advertising'],
  },
  {
    label: 'Media Production',
    sector: 'media',
    weight: 1.5,
    nouns: ['Studios', 'Productions', 'Pictures', 'Films'],
    offerings: ['documentaries and branded video', 'post-production services'],
  },
  {
    label: 'Entertainment Providers',
    sector: 'media',
    weight: 1.5,
    nouns: ['Entertainment', 'Live', 'Events'],
    offerings: ['live music events', 'family entertainment venues'],
  },
  {
    label: 'Business Consulting and Services',
    sector: 'services',
    weight: 6,
    nouns: ['Consulting', 'Advisors', 'Partners', 'Group', 'Strategy'],
    offerings: ['strategy and operations consulting', 'transformation programmes', 'procurement advisory'],
    surnames: true,
  },
  {
    label: 'Law Practice',
    sector: 'services',
    weight: 3,
    nouns: ['Law', 'Legal', 'LLP'],
    offerings: ['corporate and commercial legal services', 'employment and litigation counsel'],
    surnames: true,
  },
  {
    label: 'Staffing and Recruiting',
    sector: 'services',
    weight: 3,
    nouns: ['Talent', 'Staffing', 'Recruitment', 'People'],
    offerings: ['technical recruiting', 'temporary staffing', 'executive search'],
    surnames: true,
  },
  {
    label: 'Architecture and Planning',
    sector: 'services',
    weight: 1.5,
    nouns: ['Architects', 'Architecture', 'Design', 'Planning'],
    offerings: ['commercial and residential architecture', 'urban planning'],
    surnames: true,
  },
  {
    label: 'Industrial Machinery Manufacturing',
    sector: 'industrial',
    weight: 3,
    nouns: ['Machinery', 'Industries', 'Engineering', 'Robotics'],
    offerings: ['industrial automation equipment', 'precision machinery'],
  },
  {
    label: 'Automotive',
    sector: 'industrial',
    weight: 2,
    nouns: ['Motors', 'Automotive', 'Mobility', 'EV'],
    offerings: ['electric vehicle components', 'automotive software'],
  },
  {
    label: 'Aviation and Aerospace Component Manufacturing',
    sector: 'industrial',
    weight: 1,
    nouns: ['Aerospace', 'Aviation', 'Aero', 'Dynamics'],
    offerings: ['aircraft components', 'satellite subsystems'],
  },
  {
    label: 'Semiconductor Manufacturing',
    sector: 'industrial',
    weight: 1,
    nouns: ['Semiconductors', 'Silicon', 'Micro', 'Devices'],
    offerings: ['power semiconductors', 'custom chips for edge devices'],
  },
  {
    label: 'Construction',
    sector: 'industrial',
    weight: 4,
    nouns: ['Construction', 'Builders', 'Contracting', 'Build'],
    offerings: ['commercial construction', 'infrastructure projects'],
    surnames: true,
  },
  {
    label: 'Transportation, Logistics, Supply Chain and Storage',
    sector: 'logistics',
    weight: 3.5,
    nouns: ['Logistics', 'Freight', 'Supply Chain', 'Cargo'],
    offerings: ['freight forwarding', 'warehousing and fulfilment', 'last-mile delivery'],
  },
  {
    label: 'Oil and Gas',
    sector: 'energy',
    weight: 1.5,
    nouns: ['Energy', 'Petroleum', 'Resources'],
    offerings: ['upstream oil and gas exploration', 'fuel distribution'],
  },
  {
    label: 'Renewable Energy Power Generation',
    sector: 'energy',
    weight: 1.5,
    nouns: ['Solar', 'Energy', 'Renewables', 'Power', 'Wind'],
    offerings: ['utility-scale solar farms', 'wind energy projects', 'battery storage'],
  },
  {
    label: 'Utilities',
    sector: 'energy',
    weight: 1,
    nouns: ['Power', 'Utilities', 'Water', 'Energy'],
    offerings: ['electricity and gas supply', 'water services'],
  },
  {
    label: 'Environmental Services',
    sector: 'energy',
    weight: 1,
    nouns: ['Environmental', 'Recycling', 'Waste', 'Green'],
    offerings: ['recycling and waste management', 'environmental consulting'],
  },
  {
    label: 'Leisure, Travel & Tourism',
    sector: 'hospitality',
    weight: 2,
    nouns: ['Travel', 'Tours', 'Adventures', 'Journeys'],
    offerings: ['guided tours', 'travel booking'],
  },
  {
    label: 'Hospitality',
    sector: 'hospitality',
    weight: 2,
    nouns: ['Hotels', 'Hospitality', 'Resorts', 'Inns'],
    offerings: ['boutique hotels', 'serviced apartments'],
  },
  {
    label: 'Restaurants',
    sector: 'hospitality',
    weight: 2.5,
    nouns: ['Kitchen', 'Restaurants', 'Eatery', 'Grill', 'Dining'],
    offerings: ['fast-casual restaurants', 'neighbourhood bistros', 'corporate catering'],
  },
  {
    label: 'Real Estate',
    sector: 'realestate',
    weight: 4,
    nouns: ['Properties', 'Realty', 'Estates', 'Homes', 'Living'],
    offerings: ['commercial property management', 'residential real estate brokerage'],
    surnames: true,
  },
  {
    label: 'Government Administration',
    sector: 'public',
    weight: 1.5,
    nouns: ['Authority', 'Agency', 'Office', 'Commission'],
    offerings: ['public services', 'digital government services', 'permits and licensing'],
  },
  {
    label: 'Non-profit Organizations',
    sector: 'public',
    weight: 2,
    nouns: ['Foundation', 'Alliance', 'Initiative', 'Trust', 'Fund'],
    offerings: ['community programmes', 'education grants', 'climate advocacy'],
  },
];

export const GOVERNMENT = 'Government Administration';
export const NONPROFIT = 'Non-profit Organizations';
export const HIGHER_EDUCATION = 'Higher Education';
