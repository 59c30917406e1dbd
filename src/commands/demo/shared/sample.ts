/**
 * The CSV the demo imports: a few people as a CRM export would list them (headers as people
 * write them). Their LinkedIn URLs make a second import skip them as duplicates.
 */
export const SAMPLE_CSV_NAME = 'demo-leads.csv';

export const SAMPLE_CSV = [
  'First Name,Last Name,Company,Website,Job Title,City,Country,LinkedIn',
  'Ada,Lindqvist,Northwind Analytics,northwind-analytics.example,sr. vp eng,Stockholm,Sweden,https://www.linkedin.com/in/ada-lindqvist-demo',
  'Marcus,Okafor,Bluefin Logistics,bluefin-logistics.example,Dir. of Ops,Lagos,Nigeria,https://www.linkedin.com/in/marcus-okafor-demo',
  'Priya,Raman,Helios Robotics,helios-robotics.example,head of product mgmt,Bengaluru,India,https://www.linkedin.com/in/priya-raman-demo',
  '',
].join('\r\n');

/** Canonical field to the sample's header, as `prospect import --map` would take it. */
export const SAMPLE_MAPPING = {
  first_name: 'First Name',
  last_name: 'Last Name',
  company_name: 'Company',
  company_domain: 'Website',
  job_title: 'Job Title',
  city: 'City',
  country: 'Country',
  linkedin_url: 'LinkedIn',
} as const;
