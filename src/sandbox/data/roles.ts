import type { Department, JobFunction, ManagementLevel, Seniority } from '../../api/schemas/values/search.js';

/**
 * The role catalog: every title a person can hold, with the seniority, management level,
 * department and job function it implies. Department templates give the bulk (individual
 * contributors in Entry and "Senior" forms, then managers up to chiefs); owners, founders,
 * partners and unpaid roles are listed on their own.
 */

export interface Role {
  title: string;
  seniority: Seniority;
  management_level: ManagementLevel | null;
  department: Department;
  job_function: JobFunction;
  /** Career step: 0 trainee, 1 entry, 2 senior, 3 manager, 4 director/head, 5 VP/partner, 6 chief/owner/founder; -1 unpaid. */
  rank: number;
}

interface DepartmentTemplate {
  department: Department;
  fn: JobFunction;
  /** Share of people in this department. */
  weight: number;
  /** Entry titles that also come as "Senior <title>". */
  ics: string[];
  entry: string[];
  senior: string[];
  managers: string[];
  directors: string[];
  heads: string[];
  vps: string[];
  chiefs: string[];
  interns: string[];
  /** Titles whose job function differs from the department's. */
  fns?: Record<string, JobFunction>;
}

const DEPARTMENTS: DepartmentTemplate[] = [
  {
    department: 'Engineering',
    fn: 'Engineering',
    weight: 20,
    ics: [
      'Software Engineer',
      'Backend Engineer',
      'Frontend Engineer',
      'Full Stack Engineer',
      'Mobile Engineer',
      'iOS Engineer',
      'Android Engineer',
      'Platform Engineer',
      'Infrastructure Engineer',
      'Site Reliability Engineer',
      'DevOps Engineer',
      'Security Engineer',
      'QA Engineer',
      'Embedded Software Engineer',
      'Machine Learning Engineer',
      'Software Developer',
      'Web Developer',
      'Cloud Engineer',
      'Test Automation Engineer',
      'Firmware Engineer',
    ],
    entry: ['Junior Software Engineer', 'Junior Developer', 'Associate Software Engineer', 'Graduate Software Engineer'],
    senior: [
      'Staff Software Engineer',
      'Principal Software Engineer',
      'Lead Software Engineer',
      'Tech Lead',
      'Software Architect',
      'Solutions Architect',
      'Principal Engineer',
      'Distinguished Engineer',
      'Founding Engineer',
      'Lead Frontend Engineer',
      'Lead Backend Engineer',
      'Staff Site Reliability Engineer',
    ],
    managers: ['Engineering Manager', 'Software Engineering Manager', 'QA Manager', 'DevOps Manager', 'Senior Engineering Manager'],
    directors: [
      'Director of Engineering',
      'Senior Director of Engineering',
      'Director of Platform Engineering',
      'Director of Infrastructure',
    ],
    heads: ['Head of Engineering', 'Head of Platform', 'Head of Infrastructure', 'Head of Mobile', 'Head of Security Engineering'],
    vps: ['VP of Engineering', 'Vice President of Engineering', 'SVP of Engineering', 'VP of Platform'],
    chiefs: ['Chief Technology Officer', 'CTO'],
    interns: ['Software Engineering Intern', 'Apprentice Software Developer'],
  },
  {
    department: 'Product',
    fn: 'Product Management',
    weight: 5,
    ics: [
      'Product Manager',
      'Technical Product Manager',
      'Product Owner',
      'Product Analyst',
      'Growth Product Manager',
      'Product Operations Specialist',
    ],
    entry: ['Associate Product Manager', 'Junior Product Manager'],
    senior: ['Group Product Manager', 'Lead Product Manager', 'Principal Product Manager', 'Staff Product Manager'],
    managers: ['Product Management Lead', 'Manager, Product Operations'],
    directors: ['Director of Product', 'Director of Product Management', 'Senior Director of Product'],
    heads: ['Head of Product', 'Head of Product Operations'],
    vps: ['VP of Product', 'Vice President of Product', 'SVP of Product'],
    chiefs: ['Chief Product Officer'],
    interns: ['Product Management Intern'],
  },
  {
    department: 'Design',
    fn: 'Product Management',
    weight: 3,
    ics: [
      'Product Designer',
      'UX Designer',
      'UI Designer',
      'UX Researcher',
      'Visual Designer',
      'Interaction Designer',
      'Graphic Designer',
      'Brand Designer',
      'Motion Designer',
      'Content Designer',
    ],
    entry: ['Junior Designer', 'Junior UX Designer'],
    senior: ['Lead Designer', 'Principal Product Designer', 'Staff Product Designer', 'Design Lead'],
    managers: ['Design Manager', 'UX Manager', 'Product Design Manager'],
    directors: ['Director of Design', 'Design Director', 'Director of UX', 'Creative Director'],
    heads: ['Head of Design', 'Head of UX', 'Head of Brand Design'],
    vps: ['VP of Design', 'Vice President of Design'],
    chiefs: ['Chief Design Officer'],
    interns: ['Design Intern', 'UX Design Intern'],
    fns: {
      'Graphic Designer': 'Marketing',
      'Senior Graphic Designer': 'Marketing',
      'Brand Designer': 'Marketing',
      'Senior Brand Designer': 'Marketing',
      'Motion Designer': 'Marketing',
      'Senior Motion Designer': 'Marketing',
      'Creative Director': 'Marketing',
      'Head of Brand Design': 'Marketing',
    },
  },
  {
    department: 'Sales',
    fn: 'Sales',
    weight: 16,
    ics: [
      'Account Executive',
      'Sales Development Representative',
      'Business Development Representative',
      'Sales Representative',
      'Inside Sales Representative',
      'Account Manager',
      'Sales Engineer',
      'Enterprise Account Executive',
      'Sales Consultant',
      'Sales Operations Analyst',
      'Key Account Manager',
    ],
    entry: ['Junior Account Executive', 'Sales Associate', 'Associate Account Executive'],
    senior: ['Strategic Account Executive', 'Principal Sales Engineer', 'Lead Sales Engineer', 'Major Account Executive'],
    managers: [
      'Sales Manager',
      'Regional Sales Manager',
      'Inside Sales Manager',
      'SDR Manager',
      'Sales Operations Manager',
      'Area Sales Manager',
      'Sales Team Lead',
    ],
    directors: [
      'Sales Director',
      'Director of Sales',
      'Regional Sales Director',
      'Director of Sales Operations',
      'Director of Enterprise Sales',
      'National Sales Director',
    ],
    heads: ['Head of Sales', 'Head of Sales Development', 'Head of Enterprise Sales', 'Head of Revenue Operations'],
    vps: [
      'VP of Sales',
      'Vice President of Sales',
      'SVP of Sales',
      'VP of Sales, EMEA',
      'VP of Sales, Americas',
      'EVP of Sales',
      'VP of Revenue Operations',
    ],
    chiefs: ['Chief Revenue Officer', 'Chief Sales Officer'],
    interns: ['Sales Intern', 'Sales Development Intern'],
    fns: {
      'Sales Operations Analyst': 'Operations',
      'Senior Sales Operations Analyst': 'Operations',
      'Sales Operations Manager': 'Operations',
      'Director of Sales Operations': 'Operations',
      'Head of Revenue Operations': 'Operations',
      'VP of Revenue Operations': 'Operations',
    },
  },
  {
    department: 'Marketing',
    fn: 'Marketing',
    weight: 8,
    ics: [
      'Marketing Specialist',
      'Digital Marketing Specialist',
      'SEO Specialist',
      'Content Strategist',
      'Copywriter',
      'Social Media Specialist',
      'Growth Marketer',
      'Demand Generation Specialist',
      'Marketing Analyst',
      'Email Marketing Specialist',
      'Communications Specialist',
      'Event Marketing Specialist',
    ],
    entry: ['Marketing Coordinator', 'Marketing Assistant', 'Marketing Associate', 'Junior Copywriter'],
    senior: ['Lead Content Strategist', 'Principal Product Marketer', 'Lead Growth Marketer'],
    managers: [
      'Marketing Manager',
      'Product Marketing Manager',
      'Content Marketing Manager',
      'Digital Marketing Manager',
      'Brand Manager',
      'Field Marketing Manager',
      'Communications Manager',
      'Social Media Manager',
      'Growth Marketing Manager',
      'Demand Generation Manager',
    ],
    directors: [
      'Marketing Director',
      'Director of Marketing',
      'Director of Product Marketing',
      'Director of Demand Generation',
      'Director of Communications',
      'Brand Director',
    ],
    heads: [
      'Head of Marketing',
      'Head of Growth',
      'Head of Brand',
      'Head of Content',
      'Head of Communications',
      'Head of Product Marketing',
    ],
    vps: ['VP of Marketing', 'Vice President of Marketing', 'SVP of Marketing', 'VP of Growth', 'VP of Communications'],
    chiefs: ['Chief Marketing Officer', 'Chief Growth Officer', 'Chief Brand Officer'],
    interns: ['Marketing Intern', 'Social Media Intern'],
  },
  {
    department: 'Customer Success',
    fn: 'Sales',
    weight: 5,
    ics: [
      'Customer Success Manager',
      'Customer Success Specialist',
      'Onboarding Specialist',
      'Implementation Specialist',
      'Implementation Consultant',
      'Renewals Specialist',
      'Technical Account Manager',
    ],
    entry: ['Customer Success Associate', 'Customer Onboarding Associate'],
    senior: ['Lead Customer Success Manager', 'Principal Technical Account Manager', 'Strategic Customer Success Manager'],
    managers: [
      'Customer Success Team Lead',
      'Manager, Customer Success',
      'Implementation Manager',
      'Renewals Manager',
      'Onboarding Manager',
    ],
    directors: [
      'Director of Customer Success',
      'Senior Director of Customer Success',
      'Director of Customer Experience',
      'Director of Implementation',
    ],
    heads: ['Head of Customer Success', 'Head of Customer Experience', 'Head of Onboarding'],
    vps: ['VP of Customer Success', 'Vice President of Customer Success', 'VP of Customer Experience'],
    chiefs: ['Chief Customer Officer'],
    interns: ['Customer Success Intern'],
  },
  {
    department: 'Operations',
    fn: 'Operations',
    weight: 8,
    ics: [
      'Operations Specialist',
      'Operations Analyst',
      'Business Operations Analyst',
      'Supply Chain Analyst',
      'Logistics Coordinator',
      'Procurement Specialist',
      'Project Manager',
      'Program Manager',
      'Project Coordinator',
      'Executive Assistant',
      'Facilities Coordinator',
      'Buyer',
    ],
    entry: ['Operations Associate', 'Administrative Assistant', 'Office Assistant'],
    senior: ['Lead Program Manager', 'Principal Program Manager'],
    managers: [
      'Operations Manager',
      'Office Manager',
      'Supply Chain Manager',
      'Logistics Manager',
      'Procurement Manager',
      'Facilities Manager',
      'Business Operations Manager',
      'Warehouse Manager',
      'Plant Manager',
    ],
    directors: [
      'Director of Operations',
      'Operations Director',
      'Director of Supply Chain',
      'Director of Business Operations',
      'Director of Procurement',
      'Chief of Staff',
      'General Manager',
    ],
    heads: ['Head of Operations', 'Head of Supply Chain', 'Head of Business Operations', 'Head of Logistics', 'Head of Procurement'],
    vps: ['VP of Operations', 'Vice President of Operations', 'SVP of Operations', 'VP of Supply Chain'],
    chiefs: [
      'Chief Executive Officer',
      'CEO',
      'President',
      'President & CEO',
      'Managing Director',
      'Chief Operating Officer',
      'COO',
      'Chief Strategy Officer',
      'Executive Chairman',
    ],
    interns: ['Operations Intern', 'Management Trainee', 'Graduate Trainee'],
  },
  {
    department: 'Finance',
    fn: 'Finance',
    weight: 6,
    ics: [
      'Financial Analyst',
      'Accountant',
      'Staff Accountant',
      'FP&A Analyst',
      'Tax Accountant',
      'Auditor',
      'Internal Auditor',
      'Accounts Payable Specialist',
      'Accounts Receivable Specialist',
      'Payroll Specialist',
      'Treasury Analyst',
      'Credit Analyst',
      'Investment Analyst',
      'Bookkeeper',
    ],
    entry: ['Junior Accountant', 'Finance Associate', 'Accounting Assistant', 'Junior Financial Analyst'],
    senior: ['Lead Financial Analyst', 'Principal Accountant', 'Investment Associate'],
    managers: [
      'Finance Manager',
      'Accounting Manager',
      'FP&A Manager',
      'Tax Manager',
      'Payroll Manager',
      'Audit Manager',
      'Treasury Manager',
      'Assistant Controller',
    ],
    directors: [
      'Finance Director',
      'Director of Finance',
      'Director of FP&A',
      'Financial Controller',
      'Controller',
      'Tax Director',
      'Director of Accounting',
    ],
    heads: ['Head of Finance', 'Head of FP&A', 'Head of Tax', 'Head of Treasury', 'Head of Accounting'],
    vps: ['VP of Finance', 'Vice President of Finance', 'SVP of Finance', 'VP of Financial Planning & Analysis', 'Vice President'],
    chiefs: ['Chief Financial Officer', 'CFO', 'Chief Accounting Officer', 'Chief Investment Officer'],
    interns: ['Finance Intern', 'Accounting Intern', 'Audit Trainee'],
  },
  {
    department: 'People & HR',
    fn: 'Human Resources',
    weight: 4,
    ics: [
      'HR Generalist',
      'Recruiter',
      'Technical Recruiter',
      'Talent Acquisition Specialist',
      'HR Business Partner',
      'People Operations Specialist',
      'Compensation Analyst',
      'Learning and Development Specialist',
      'Sourcer',
      'HR Specialist',
      'People Partner',
    ],
    entry: ['HR Assistant', 'HR Coordinator', 'Recruiting Coordinator', 'People Operations Coordinator'],
    senior: ['Lead Recruiter', 'Principal Recruiter', 'Lead Talent Partner'],
    managers: [
      'HR Manager',
      'Recruiting Manager',
      'Talent Acquisition Manager',
      'People Operations Manager',
      'Human Resources Manager',
      'Learning and Development Manager',
      'Compensation and Benefits Manager',
    ],
    directors: [
      'HR Director',
      'Director of Human Resources',
      'Director of Talent Acquisition',
      'Director of People',
      'People Director',
      'Director of People Operations',
    ],
    heads: [
      'Head of People',
      'Head of HR',
      'Head of Talent',
      'Head of Talent Acquisition',
      'Head of People Operations',
      'Head of Learning and Development',
    ],
    vps: ['VP of People', 'VP of Human Resources', 'Vice President of Human Resources', 'SVP of People', 'VP of Talent'],
    chiefs: ['Chief People Officer', 'Chief Human Resources Officer', 'Chief Talent Officer'],
    interns: ['HR Intern', 'Recruiting Intern', 'Talent Acquisition Intern'],
  },
  {
    department: 'Legal',
    fn: 'Operations',
    weight: 2,
    ics: [
      'Legal Counsel',
      'Corporate Counsel',
      'Paralegal',
      'Associate Attorney',
      'Attorney',
      'Compliance Analyst',
      'Compliance Officer',
      'Contract Manager',
      'Legal Specialist',
      'Privacy Counsel',
      'Solicitor',
      'Lawyer',
    ],
    entry: ['Legal Assistant', 'Junior Associate', 'Junior Paralegal'],
    senior: ['Lead Counsel', 'Principal Counsel', 'Of Counsel', 'Senior Associate'],
    managers: ['Legal Manager', 'Compliance Manager', 'Legal Operations Manager', 'Contracts Manager'],
    directors: ['Director of Legal', 'Legal Director', 'Director of Compliance', 'Deputy General Counsel', 'Associate General Counsel'],
    heads: ['Head of Legal', 'Head of Compliance', 'Head of Privacy', 'Head of Legal Operations'],
    vps: ['VP of Legal', 'Vice President, Legal', 'VP of Compliance', 'SVP, Legal Affairs'],
    chiefs: ['General Counsel', 'Chief Legal Officer', 'Chief Compliance Officer'],
    interns: ['Legal Intern', 'Trainee Solicitor', 'Law Clerk'],
  },
  {
    department: 'IT',
    fn: 'Information Technology',
    weight: 5,
    ics: [
      'IT Support Specialist',
      'Systems Administrator',
      'Network Engineer',
      'Network Administrator',
      'IT Analyst',
      'Help Desk Technician',
      'Desktop Support Technician',
      'Systems Engineer',
      'Cloud Administrator',
      'Database Administrator',
      'Information Security Analyst',
      'Cybersecurity Analyst',
      'IT Specialist',
      'Identity and Access Management Analyst',
      'IT Business Analyst',
      'IT Project Manager',
    ],
    entry: ['Junior Systems Administrator', 'IT Support Associate', 'Help Desk Analyst'],
    senior: ['Lead Systems Engineer', 'Principal Network Engineer', 'IT Architect', 'Enterprise Architect', 'Security Architect'],
    managers: ['IT Manager', 'IT Support Manager', 'Network Manager', 'Information Security Manager', 'Infrastructure Manager'],
    directors: ['IT Director', 'Director of IT', 'Director of Information Security', 'Director of IT Infrastructure'],
    heads: ['Head of IT', 'Head of Information Security', 'Head of IT Infrastructure', 'Head of Cybersecurity'],
    vps: ['VP of IT', 'VP of Information Technology', 'Vice President of Information Technology', 'VP of Information Security'],
    chiefs: ['Chief Information Officer', 'Chief Information Security Officer', 'CISO', 'Chief Digital Officer'],
    interns: ['IT Intern', 'IT Apprentice'],
  },
  {
    department: 'Data',
    fn: 'Engineering',
    weight: 5,
    ics: [
      'Data Scientist',
      'Data Analyst',
      'Data Engineer',
      'Analytics Engineer',
      'Business Intelligence Analyst',
      'Machine Learning Scientist',
      'Applied Scientist',
      'BI Developer',
      'Quantitative Analyst',
      'Statistician',
      'MLOps Engineer',
    ],
    entry: ['Junior Data Analyst', 'Junior Data Scientist', 'Associate Data Scientist'],
    senior: [
      'Staff Data Scientist',
      'Principal Data Scientist',
      'Lead Data Engineer',
      'Lead Data Scientist',
      'Data Architect',
      'Staff Data Engineer',
    ],
    managers: ['Data Science Manager', 'Analytics Manager', 'Data Engineering Manager', 'BI Manager'],
    directors: ['Director of Data Science', 'Director of Analytics', 'Director of Data Engineering', 'Director of Data'],
    heads: ['Head of Data', 'Head of Data Science', 'Head of Analytics', 'Head of AI', 'Head of Machine Learning'],
    vps: ['VP of Data', 'VP of Analytics', 'Vice President of Data Science', 'VP of AI'],
    chiefs: ['Chief Data Officer', 'Chief Analytics Officer', 'Chief AI Officer'],
    interns: ['Data Science Intern', 'Data Analyst Intern'],
    fns: {
      'Data Analyst': 'Information Technology',
      'Senior Data Analyst': 'Information Technology',
      'Junior Data Analyst': 'Information Technology',
      'Business Intelligence Analyst': 'Information Technology',
      'Senior Business Intelligence Analyst': 'Information Technology',
      'BI Developer': 'Information Technology',
      'Senior BI Developer': 'Information Technology',
      'BI Manager': 'Information Technology',
      'Quantitative Analyst': 'Finance',
      'Senior Quantitative Analyst': 'Finance',
    },
  },
  {
    department: 'Research',
    fn: 'Engineering',
    weight: 2,
    ics: [
      'Research Scientist',
      'Research Engineer',
      'Research Associate',
      'Scientist',
      'Research Analyst',
      'Clinical Research Associate',
      'Lab Technician',
      'R&D Engineer',
      'Chemist',
      'Biologist',
    ],
    entry: ['Research Assistant', 'Laboratory Assistant', 'Postdoctoral Researcher'],
    senior: [
      'Principal Scientist',
      'Staff Research Scientist',
      'Lead Research Engineer',
      'Principal Investigator',
      'Senior Staff Scientist',
    ],
    managers: ['Research Manager', 'Lab Manager', 'R&D Manager', 'Clinical Research Manager'],
    directors: ['Director of Research', 'Research Director', 'Director of R&D', 'Scientific Director'],
    heads: ['Head of Research', 'Head of R&D', 'Head of AI Research'],
    vps: ['VP of Research', 'VP of R&D', 'Vice President of Research and Development'],
    chiefs: ['Chief Scientific Officer', 'Chief Research Officer', 'Chief Scientist'],
    interns: ['Research Intern', 'PhD Intern'],
  },
  {
    department: 'Support',
    fn: 'Operations',
    weight: 4,
    ics: [
      'Customer Support Specialist',
      'Technical Support Engineer',
      'Support Engineer',
      'Customer Service Representative',
      'Customer Support Representative',
      'Technical Support Specialist',
      'Support Analyst',
      'Application Support Analyst',
      'Customer Care Agent',
      'Escalation Engineer',
    ],
    entry: ['Support Associate', 'Junior Support Engineer', 'Customer Service Associate'],
    senior: ['Lead Support Engineer', 'Principal Support Engineer'],
    managers: ['Support Manager', 'Customer Support Manager', 'Technical Support Manager', 'Customer Service Manager', 'Support Team Lead'],
    directors: ['Director of Support', 'Director of Customer Support', 'Director of Technical Support', 'Director of Customer Service'],
    heads: ['Head of Support', 'Head of Customer Support', 'Head of Customer Service'],
    vps: ['VP of Support', 'VP of Customer Support', 'Vice President of Customer Service'],
    chiefs: [],
    interns: ['Support Intern', 'Customer Service Trainee'],
    fns: {
      'Technical Support Engineer': 'Information Technology',
      'Senior Technical Support Engineer': 'Information Technology',
      'Support Engineer': 'Information Technology',
      'Senior Support Engineer': 'Information Technology',
      'Escalation Engineer': 'Information Technology',
      'Senior Escalation Engineer': 'Information Technology',
      'Junior Support Engineer': 'Information Technology',
      'Lead Support Engineer': 'Information Technology',
      'Principal Support Engineer': 'Information Technology',
    },
  },
  {
    department: 'Business Development',
    fn: 'Business Development',
    weight: 4,
    ics: [
      'Business Development Manager',
      'Business Development Executive',
      'Partnerships Manager',
      'Partner Manager',
      'Alliances Manager',
      'Channel Manager',
      'Partnership Specialist',
      'Strategic Partnerships Manager',
      'Business Development Specialist',
    ],
    entry: ['Business Development Associate', 'Partnerships Associate', 'Junior Business Development Executive'],
    senior: ['Lead Partner Manager', 'Principal Business Development Manager'],
    managers: ['Business Development Team Lead', 'Partnerships Team Lead', 'Channel Sales Manager'],
    directors: [
      'Director of Business Development',
      'Business Development Director',
      'Director of Partnerships',
      'Director of Strategic Alliances',
      'Director of Corporate Development',
    ],
    heads: ['Head of Business Development', 'Head of Partnerships', 'Head of Alliances', 'Head of Corporate Development'],
    vps: [
      'VP of Business Development',
      'Vice President of Business Development',
      'VP of Partnerships',
      'SVP of Corporate Development',
      'VP of Strategic Partnerships',
    ],
    chiefs: ['Chief Business Officer', 'Chief Business Development Officer'],
    interns: ['Business Development Intern', 'Partnerships Intern'],
  },
  {
    department: 'Consulting',
    fn: 'Consulting',
    weight: 4,
    ics: [
      'Consultant',
      'Management Consultant',
      'Business Analyst',
      'Strategy Consultant',
      'Technology Consultant',
      'IT Consultant',
      'Advisory Consultant',
      'SAP Consultant',
      'Salesforce Consultant',
      'Risk Consultant',
    ],
    entry: ['Associate Consultant', 'Junior Consultant', 'Analyst'],
    senior: ['Principal Consultant', 'Lead Consultant', 'Managing Consultant'],
    managers: ['Engagement Manager', 'Consulting Manager', 'Senior Manager', 'Delivery Manager'],
    directors: ['Director', 'Consulting Director', 'Associate Director', 'Practice Director', 'Engagement Director'],
    heads: ['Head of Consulting', 'Head of Advisory', 'Practice Lead', 'Head of Strategy'],
    vps: ['VP of Consulting', 'VP of Professional Services'],
    chiefs: [],
    interns: ['Consulting Intern', 'Summer Associate'],
  },
];

type Special = [title: string, department: Department, fn: JobFunction, management: ManagementLevel | null];

/** Owners, founders, partners and unpaid roles, which sit beside the department ladders. */
const SPECIAL: Partial<Record<Seniority, Special[]>> = {
  Owner: [
    ['Owner', 'Operations', 'Operations', 'C-Suite'],
    ['Co-Owner', 'Operations', 'Operations', 'C-Suite'],
    ['Business Owner', 'Operations', 'Operations', 'C-Suite'],
    ['Owner & Managing Director', 'Operations', 'Operations', 'C-Suite'],
    ['Owner & Principal Consultant', 'Consulting', 'Consulting', 'C-Suite'],
    ['Franchise Owner', 'Operations', 'Operations', 'C-Suite'],
    ['Owner & Creative Director', 'Design', 'Marketing', 'C-Suite'],
    ['Owner & Lead Developer', 'Engineering', 'Engineering', 'C-Suite'],
    ['Owner & Principal Accountant', 'Finance', 'Finance', 'C-Suite'],
    ['Practice Owner', 'Operations', 'Operations', 'C-Suite'],
    ['Owner & Broker', 'Sales', 'Sales', 'C-Suite'],
  ],
  Founder: [
    ['Founder', 'Operations', 'Operations', 'C-Suite'],
    ['Co-Founder', 'Operations', 'Operations', 'C-Suite'],
    ['Founder & CEO', 'Operations', 'Operations', 'C-Suite'],
    ['Co-Founder & CEO', 'Operations', 'Operations', 'C-Suite'],
    ['Co-Founder & CTO', 'Engineering', 'Engineering', 'C-Suite'],
    ['CTO & Co-Founder', 'Engineering', 'Engineering', 'C-Suite'],
    ['Co-Founder & COO', 'Operations', 'Operations', 'C-Suite'],
    ['Co-Founder & Chief Product Officer', 'Product', 'Product Management', 'C-Suite'],
    ['Founder & Creative Director', 'Design', 'Marketing', 'C-Suite'],
    ['Co-Founder & Head of Growth', 'Marketing', 'Marketing', 'C-Suite'],
    ['Founder & Managing Partner', 'Consulting', 'Consulting', 'C-Suite'],
    ['Co-Founder & CFO', 'Finance', 'Finance', 'C-Suite'],
    ['Founder & Chief Scientist', 'Research', 'Engineering', 'C-Suite'],
    ['Co-Founder & Chief Revenue Officer', 'Sales', 'Sales', 'C-Suite'],
    ['Co-Founder & Head of Data', 'Data', 'Engineering', 'C-Suite'],
  ],
  Partner: [
    ['Partner', 'Consulting', 'Consulting', 'Director'],
    ['Managing Partner', 'Consulting', 'Consulting', 'C-Suite'],
    ['Senior Partner', 'Legal', 'Operations', 'Director'],
    ['Equity Partner', 'Legal', 'Operations', 'Director'],
    ['Salaried Partner', 'Legal', 'Operations', 'Director'],
    ['Associate Partner', 'Consulting', 'Consulting', 'Manager'],
    ['Partner, Tax', 'Finance', 'Finance', 'Director'],
    ['Partner, Audit', 'Finance', 'Finance', 'Director'],
    ['Partner, Advisory', 'Consulting', 'Consulting', 'Director'],
    ['General Partner', 'Finance', 'Finance', 'C-Suite'],
    ['Venture Partner', 'Finance', 'Finance', 'Director'],
    ['Partner, Business Development', 'Business Development', 'Business Development', 'Director'],
  ],
  Unpaid: [
    ['Volunteer', 'Operations', 'Operations', null],
    ['Board Advisor', 'Business Development', 'Business Development', null],
    ['Advisor', 'Consulting', 'Consulting', null],
    ['Technical Advisor', 'Engineering', 'Engineering', null],
    ['Startup Mentor', 'Consulting', 'Consulting', null],
    ['Volunteer Software Developer', 'Engineering', 'Engineering', null],
    ['Volunteer Marketing Coordinator', 'Marketing', 'Marketing', null],
    ['Volunteer Event Coordinator', 'Operations', 'Operations', null],
    ['Pro Bono Legal Advisor', 'Legal', 'Operations', null],
    ['Advisory Board Member', 'Business Development', 'Business Development', null],
    ['Volunteer Financial Advisor', 'Finance', 'Finance', null],
    ['Volunteer HR Advisor', 'People & HR', 'Human Resources', null],
    ['Volunteer Data Analyst', 'Data', 'Information Technology', null],
    ['Volunteer IT Support', 'IT', 'Information Technology', null],
    ['Design Mentor', 'Design', 'Product Management', null],
    ['Sales Mentor', 'Sales', 'Sales', null],
    ['Product Advisor', 'Product', 'Product Management', null],
    ['Volunteer Customer Support Agent', 'Support', 'Operations', null],
    ['Research Volunteer', 'Research', 'Engineering', null],
    ['Customer Advisory Board Member', 'Customer Success', 'Sales', null],
  ],
};

/** Share of people at each seniority (per thousand). */
const SENIORITY_WEIGHT: Readonly<Record<Seniority, number>> = {
  Owner: 20,
  Founder: 30,
  'C-Suite': 30,
  Partner: 20,
  'Vice President': 35,
  Head: 35,
  Director: 70,
  Manager: 130,
  Senior: 250,
  Entry: 300,
  Trainee: 40,
  Unpaid: 15,
};

const EVEN_SPLIT: ReadonlySet<Seniority> = new Set(['C-Suite', 'Owner', 'Founder', 'Partner', 'Unpaid']);

const RANK: Readonly<Record<Seniority, number>> = {
  Trainee: 0,
  Entry: 1,
  Senior: 2,
  Manager: 3,
  Director: 4,
  Head: 4,
  'Vice President': 5,
  Partner: 5,
  'C-Suite': 6,
  Founder: 6,
  Owner: 6,
  Unpaid: -1,
};

export interface RoleCatalog {
  roles: Role[];
  /** Relative share of people holding each role. */
  weights: number[];
  /** Role ids by department then rank (0-6), for earlier roles. */
  byDepartmentRank: Map<Department, number[][]>;
  /** Role ids by rank (0-6), any department. */
  byRank: number[][];
}

let catalog: RoleCatalog | undefined;

export function roleCatalog(): RoleCatalog {
  if (catalog) return catalog;
  const roles: Role[] = [];
  const seen = new Set<string>();
  const deptWeight = new Map<Department, number>();
  const add = (
    title: string,
    seniority: Seniority,
    management_level: ManagementLevel | null,
    department: Department,
    job_function: JobFunction,
  ) => {
    if (seen.has(title)) return;
    seen.add(title);
    roles.push({ title, seniority, management_level, department, job_function, rank: RANK[seniority] });
  };
  for (const d of DEPARTMENTS) {
    deptWeight.set(d.department, d.weight);
    const put = (titles: string[], seniority: Seniority, level: ManagementLevel | null) => {
      for (const t of titles) add(t, seniority, level, d.department, d.fns?.[t] ?? d.fn);
    };
    put(d.ics, 'Entry', null);
    put(d.entry, 'Entry', null);
    put(
      d.ics.map((t) => `Senior ${t}`),
      'Senior',
      null,
    );
    put(d.senior, 'Senior', null);
    put(d.managers, 'Manager', 'Manager');
    put(d.directors, 'Director', 'Director');
    put(d.heads, 'Head', 'Director');
    put(d.vps, 'Vice President', 'VP');
    put(d.chiefs, 'C-Suite', 'C-Suite');
    put(d.interns, 'Trainee', null);
  }
  for (const [seniority, list] of Object.entries(SPECIAL) as Array<[Seniority, Special[]]>)
    for (const [title, department, fn, level] of list) add(title, seniority, level, department, fn);

  // A role's weight: its seniority's share split among its roles. Ladder roles are spread in
  // proportion to department size; one-per-company roles (chiefs, owners, founders, partners,
  // unpaid) evenly, with the first two special titles (Owner, Co-Owner...) three times as common.
  const lead = (r: Role) => (SPECIAL[r.seniority]?.slice(0, 2).some((s) => s[0] === r.title) ? 3 : 1);
  const totalDept = [...deptWeight.values()].reduce((a, b) => a + b, 0);
  const cellSize = new Map<string, number>();
  const evenTotal = new Map<Seniority, number>();
  for (const r of roles) {
    if (EVEN_SPLIT.has(r.seniority)) evenTotal.set(r.seniority, (evenTotal.get(r.seniority) ?? 0) + lead(r));
    else cellSize.set(`${r.seniority}|${r.department}`, (cellSize.get(`${r.seniority}|${r.department}`) ?? 0) + 1);
  }
  const weights = roles.map((r) =>
    EVEN_SPLIT.has(r.seniority)
      ? (SENIORITY_WEIGHT[r.seniority] * totalDept * lead(r)) / evenTotal.get(r.seniority)!
      : (SENIORITY_WEIGHT[r.seniority] * deptWeight.get(r.department)!) / cellSize.get(`${r.seniority}|${r.department}`)!,
  );

  const byDepartmentRank = new Map<Department, number[][]>();
  const byRank: number[][] = [[], [], [], [], [], [], []];
  roles.forEach((r, i) => {
    if (r.rank < 0) return;
    let ranks = byDepartmentRank.get(r.department);
    if (!ranks) byDepartmentRank.set(r.department, (ranks = [[], [], [], [], [], [], []]));
    ranks[r.rank]!.push(i);
    byRank[r.rank]!.push(i);
  });
  catalog = { roles, weights, byDepartmentRank, byRank };
  return catalog;
}
