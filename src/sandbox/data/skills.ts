import type { Department } from '../../api/schemas/values/search.js';

/** Profile skills by department, plus skills anyone may list. */
export const SKILLS_BY_DEPARTMENT: Readonly<Record<Department, readonly string[]>> = {
  Engineering: ['JavaScript', 'TypeScript', 'Python', 'Java', 'Go', 'Rust', 'C++', 'Kubernetes', 'Docker', 'Amazon Web Services (AWS)', 'Microservices', 'System Design', 'React', 'Node.js', 'PostgreSQL', 'CI/CD', 'Distributed Systems'],
  Product: ['Product Management', 'Product Strategy', 'Roadmapping', 'User Research', 'Agile Methodologies', 'Scrum', 'A/B Testing', 'Product Analytics', 'Stakeholder Management', 'Jira', 'Go-to-Market Strategy'],
  Design: ['Figma', 'User Experience (UX)', 'User Interface Design', 'Prototyping', 'Design Systems', 'Adobe Creative Suite', 'Interaction Design', 'Usability Testing', 'Visual Design', 'Sketch'],
  Sales: ['B2B Sales', 'Salesforce', 'Negotiation', 'Lead Generation', 'Account Management', 'SaaS Sales', 'Cold Calling', 'Pipeline Management', 'Solution Selling', 'Enterprise Sales', 'CRM', 'Sales Operations'],
  Marketing: ['Digital Marketing', 'SEO', 'Content Marketing', 'Google Analytics', 'Demand Generation', 'Marketing Automation', 'HubSpot', 'Brand Management', 'Social Media Marketing', 'Copywriting', 'Product Marketing', 'Email Marketing'],
  'Customer Success': ['Customer Success', 'Customer Retention', 'Customer Onboarding', 'Account Management', 'Customer Experience', 'Gainsight', 'Churn Reduction', 'Relationship Management', 'Zendesk'],
  Operations: ['Operations Management', 'Process Improvement', 'Supply Chain Management', 'Lean Six Sigma', 'Logistics', 'Vendor Management', 'Project Management', 'Procurement', 'Business Operations'],
  Finance: ['Financial Analysis', 'Financial Modeling', 'Accounting', 'FP&A', 'Budgeting', 'Corporate Finance', 'Forecasting', 'Auditing', 'Tax', 'IFRS', 'US GAAP', 'Treasury'],
  'People & HR': ['Recruiting', 'Talent Acquisition', 'Employee Relations', 'HR Policies', 'Employee Onboarding', 'Compensation and Benefits', 'Performance Management', 'Workday', 'Organizational Development', 'Employer Branding'],
  Legal: ['Contract Negotiation', 'Corporate Law', 'Compliance', 'GDPR', 'Intellectual Property', 'Litigation', 'Mergers & Acquisitions', 'Legal Research', 'Commercial Contracts', 'Regulatory Affairs'],
  IT: ['IT Service Management', 'Active Directory', 'Network Administration', 'ITIL', 'Microsoft 365', 'Cybersecurity', 'Cloud Infrastructure', 'Linux', 'Help Desk Support', 'Identity and Access Management', 'VMware'],
  Data: ['SQL', 'Python', 'Data Analysis', 'Machine Learning', 'Tableau', 'Power BI', 'Data Engineering', 'Apache Spark', 'Statistics', 'Snowflake', 'dbt', 'Data Visualization', 'Deep Learning'],
  Research: ['Research and Development (R&D)', 'Statistics', 'Scientific Writing', 'Data Analysis', 'Machine Learning', 'Experimental Design', 'MATLAB', 'Laboratory Skills', 'Bioinformatics', 'Computer Vision', 'Natural Language Processing'],
  Support: ['Technical Support', 'Customer Service', 'Troubleshooting', 'Zendesk', 'Ticketing Systems', 'SLA Management', 'Help Desk Support', 'Knowledge Base Management'],
  'Business Development': ['Business Development', 'Partnerships', 'Strategic Partnerships', 'Market Research', 'Negotiation', 'Lead Generation', 'Channel Sales', 'Alliances', 'New Business Development'],
  Consulting: ['Management Consulting', 'Strategy', 'Business Analysis', 'Change Management', 'Project Management', 'Stakeholder Management', 'Digital Transformation', 'PowerPoint', 'Business Process Improvement', 'Due Diligence'],
};

export const GENERAL_SKILLS: readonly string[] = ['Leadership', 'Communication', 'Team Management', 'Public Speaking', 'Problem Solving', 'Strategic Planning', 'Microsoft Excel', 'Cross-functional Team Leadership', 'Mentoring'];
