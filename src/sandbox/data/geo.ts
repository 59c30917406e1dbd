import { COUNTRY_ISO3 } from '../../api/schemas/values/search.js';
import type { Origin } from './names.js';
import { WeightedPicker } from './prng.js';

/**
 * The countries of COUNTRY_ISO3 with real cities and their regions (state, province,
 * county, land...), phone prefixes, web suffixes, languages, the mix of name origins,
 * and universities.
 */

interface CountrySpec {
  /** Relative share of companies headquartered there (people follow their employers). */
  weight: number;
  phone: string;
  /** Digits of a national number. */
  phoneDigits: number;
  tld: string;
  /** Languages spoken there, most common first. */
  languages: string;
  origins: Partial<Record<Origin, number>>;
  /** "City/Region; City/Region", largest business centres first. */
  cities: string;
  /** "School; School" */
  schools: string;
}

const COUNTRIES: Readonly<Record<string, CountrySpec>> = {
  USA: {
    weight: 300,
    phone: '1',
    phoneDigits: 10,
    tld: 'com',
    languages: 'English, Spanish',
    origins: {
      anglo: 55,
      hispanic: 14,
      indian: 8,
      chinese: 6,
      korean: 2,
      filipino: 2,
      arabic: 2,
      hebrew: 2,
      german: 2,
      italian: 3,
      polish: 1,
      nigerian: 1,
      french: 1,
      japanese: 1,
    },
    cities:
      'New York/New York; San Francisco/California; Los Angeles/California; Boston/Massachusetts; Seattle/Washington; Austin/Texas; Chicago/Illinois; San Jose/California; Palo Alto/California; Denver/Colorado; Atlanta/Georgia; Dallas/Texas; Houston/Texas; Miami/Florida; San Diego/California; Washington/District of Columbia; Cambridge/Massachusetts; Raleigh/North Carolina; Charlotte/North Carolina; Philadelphia/Pennsylvania; Pittsburgh/Pennsylvania; Minneapolis/Minnesota; Salt Lake City/Utah; Nashville/Tennessee; Phoenix/Arizona; Portland/Oregon; Portland/Maine; Boulder/Colorado; Oakland/California; Bellevue/Washington; Columbus/Ohio; Detroit/Michigan; Tampa/Florida; Kansas City/Missouri; Madison/Wisconsin; Baltimore/Maryland; Buffalo/New York',
    schools:
      'Stanford University; Massachusetts Institute of Technology; Harvard University; University of California, Berkeley; University of Michigan; Carnegie Mellon University; University of Texas at Austin; Georgia Institute of Technology; New York University; University of Washington; Cornell University; University of Illinois Urbana-Champaign; Arizona State University; Columbia University; University of Pennsylvania; Purdue University',
  },
  CAN: {
    weight: 40,
    phone: '1',
    phoneDigits: 10,
    tld: 'ca',
    languages: 'English, French',
    origins: { anglo: 50, french: 18, chinese: 8, indian: 8, italian: 3, hispanic: 2, arabic: 3, polish: 2, korean: 2, filipino: 2 },
    cities:
      'Toronto/Ontario; Vancouver/British Columbia; Montreal/Quebec; Ottawa/Ontario; Waterloo/Ontario; Calgary/Alberta; Edmonton/Alberta; Hamilton/Ontario; Quebec City/Quebec; Victoria/British Columbia; Halifax/Nova Scotia; Winnipeg/Manitoba',
    schools: 'University of Toronto; University of Waterloo; McGill University; University of British Columbia; Queen’s University',
  },
  MEX: {
    weight: 12,
    phone: '52',
    phoneDigits: 10,
    tld: 'com.mx',
    languages: 'Spanish',
    origins: { hispanic: 92, anglo: 3, arabic: 2, german: 2, hebrew: 1 },
    cities:
      'Mexico City/Mexico City; Guadalajara/Jalisco; Monterrey/Nuevo León; Querétaro/Querétaro; Puebla/Puebla; Tijuana/Baja California; Mérida/Yucatán',
    schools: 'Universidad Nacional Autónoma de México; Tecnológico de Monterrey; Instituto Politécnico Nacional',
  },
  BRA: {
    weight: 16,
    phone: '55',
    phoneDigits: 11,
    tld: 'com.br',
    languages: 'Portuguese',
    origins: { lusophone: 85, italian: 6, german: 4, japanese: 3, arabic: 2 },
    cities:
      'São Paulo/São Paulo; Rio de Janeiro/Rio de Janeiro; Belo Horizonte/Minas Gerais; Campinas/São Paulo; Curitiba/Paraná; Porto Alegre/Rio Grande do Sul; Florianópolis/Santa Catarina; Recife/Pernambuco; Brasília/Federal District',
    schools:
      'Universidade de São Paulo; Universidade Estadual de Campinas; Universidade Federal do Rio de Janeiro; Fundação Getulio Vargas',
  },
  ARG: {
    weight: 7,
    phone: '54',
    phoneDigits: 10,
    tld: 'com.ar',
    languages: 'Spanish',
    origins: { hispanic: 75, italian: 20, german: 3, hebrew: 2 },
    cities: 'Buenos Aires/Buenos Aires; Córdoba/Córdoba; Rosario/Santa Fe; Mendoza/Mendoza; La Plata/Buenos Aires',
    schools: 'Universidad de Buenos Aires; Instituto Tecnológico de Buenos Aires; Universidad Nacional de Córdoba',
  },
  CHL: {
    weight: 5,
    phone: '56',
    phoneDigits: 9,
    tld: 'cl',
    languages: 'Spanish',
    origins: { hispanic: 88, german: 5, arabic: 4, italian: 3 },
    cities: 'Santiago/Santiago Metropolitan; Valparaíso/Valparaíso; Viña del Mar/Valparaíso; Concepción/Biobío',
    schools: 'Pontificia Universidad Católica de Chile; Universidad de Chile',
  },
  COL: {
    weight: 6,
    phone: '57',
    phoneDigits: 10,
    tld: 'co',
    languages: 'Spanish',
    origins: { hispanic: 95, arabic: 3, italian: 2 },
    cities: 'Bogotá/Capital District; Medellín/Antioquia; Cali/Valle del Cauca; Barranquilla/Atlántico; Cartagena/Bolívar',
    schools: 'Universidad de los Andes; Universidad Nacional de Colombia; Universidad EAFIT',
  },
  GBR: {
    weight: 70,
    phone: '44',
    phoneDigits: 10,
    tld: 'co.uk',
    languages: 'English',
    origins: { anglo: 72, indian: 10, polish: 3, arabic: 3, chinese: 3, nigerian: 3, french: 2, italian: 2, hispanic: 2 },
    cities:
      'London/England; Manchester/England; Cambridge/England; Edinburgh/Scotland; Bristol/England; Oxford/England; Birmingham/England; Leeds/England; Glasgow/Scotland; Newcastle upon Tyne/England; Cardiff/Wales; Belfast/Northern Ireland',
    schools:
      'University of Oxford; University of Cambridge; Imperial College London; University College London; London School of Economics; University of Edinburgh; University of Manchester; King’s College London',
  },
  IRL: {
    weight: 8,
    phone: '353',
    phoneDigits: 9,
    tld: 'ie',
    languages: 'English, Irish',
    origins: { anglo: 85, polish: 6, indian: 4, lusophone: 3, french: 2 },
    cities: 'Dublin/County Dublin; Cork/County Cork; Galway/County Galway; Limerick/County Limerick',
    schools: 'Trinity College Dublin; University College Dublin; University College Cork',
  },
  FRA: {
    weight: 40,
    phone: '33',
    phoneDigits: 9,
    tld: 'fr',
    languages: 'French',
    origins: { french: 80, arabic: 10, hispanic: 3, lusophone: 3, italian: 2, chinese: 2 },
    cities:
      "Paris/Île-de-France; Lyon/Auvergne-Rhône-Alpes; Toulouse/Occitanie; Marseille/Provence-Alpes-Côte d'Azur; Nantes/Pays de la Loire; Bordeaux/Nouvelle-Aquitaine; Lille/Hauts-de-France; Grenoble/Auvergne-Rhône-Alpes; Nice/Provence-Alpes-Côte d'Azur; Montpellier/Occitanie; Strasbourg/Grand Est",
    schools: 'HEC Paris; École Polytechnique; Sciences Po; INSEAD; ESSEC Business School; Université PSL',
  },
  DEU: {
    weight: 50,
    phone: '49',
    phoneDigits: 11,
    tld: 'de',
    languages: 'German',
    origins: { german: 80, turkish: 8, polish: 5, italian: 3, russian: 2, arabic: 2 },
    cities:
      'Berlin/Berlin; Munich/Bavaria; Hamburg/Hamburg; Frankfurt/Hesse; Cologne/North Rhine-Westphalia; Düsseldorf/North Rhine-Westphalia; Stuttgart/Baden-Württemberg; Karlsruhe/Baden-Württemberg; Leipzig/Saxony; Dresden/Saxony; Nuremberg/Bavaria',
    schools:
      'Technical University of Munich; Ludwig Maximilian University of Munich; RWTH Aachen University; Humboldt University of Berlin; Karlsruhe Institute of Technology; WHU – Otto Beisheim School of Management',
  },
  NLD: {
    weight: 22,
    phone: '31',
    phoneDigits: 9,
    tld: 'nl',
    languages: 'Dutch',
    origins: { dutch: 82, turkish: 5, arabic: 5, indonesian: 3, german: 3, indian: 2 },
    cities:
      'Amsterdam/North Holland; Rotterdam/South Holland; Utrecht/Utrecht; The Hague/South Holland; Eindhoven/North Brabant; Haarlem/North Holland; Groningen/Groningen',
    schools: 'Delft University of Technology; University of Amsterdam; Erasmus University Rotterdam; Eindhoven University of Technology',
  },
  BEL: {
    weight: 9,
    phone: '32',
    phoneDigits: 9,
    tld: 'be',
    languages: 'Dutch, French',
    origins: { dutch: 45, french: 40, arabic: 7, italian: 4, turkish: 4 },
    cities: 'Brussels/Brussels-Capital; Antwerp/Flanders; Ghent/Flanders; Leuven/Flanders; Liège/Wallonia',
    schools: 'KU Leuven; Ghent University; Université libre de Bruxelles',
  },
  ESP: {
    weight: 22,
    phone: '34',
    phoneDigits: 9,
    tld: 'es',
    languages: 'Spanish, Catalan',
    origins: { hispanic: 90, arabic: 4, lusophone: 2, italian: 2, french: 2 },
    cities:
      'Madrid/Community of Madrid; Barcelona/Catalonia; Valencia/Valencian Community; Seville/Andalusia; Málaga/Andalusia; Bilbao/Basque Country',
    schools:
      'Universidad Politécnica de Madrid; Universitat Pompeu Fabra; IE Business School; ESADE Business School; Universidad Complutense de Madrid',
  },
  PRT: {
    weight: 7,
    phone: '351',
    phoneDigits: 9,
    tld: 'pt',
    languages: 'Portuguese',
    origins: { lusophone: 95, hispanic: 3, french: 2 },
    cities: 'Lisbon/Lisbon; Porto/Porto; Braga/Braga; Coimbra/Coimbra',
    schools: 'Universidade de Lisboa; Universidade do Porto; Nova School of Business and Economics',
  },
  ITA: {
    weight: 18,
    phone: '39',
    phoneDigits: 10,
    tld: 'it',
    languages: 'Italian',
    origins: { italian: 93, arabic: 3, hispanic: 2, french: 2 },
    cities: 'Milan/Lombardy; Rome/Lazio; Turin/Piedmont; Bologna/Emilia-Romagna; Florence/Tuscany; Naples/Campania; Bergamo/Lombardy',
    schools: 'Politecnico di Milano; Bocconi University; Sapienza University of Rome; University of Bologna',
  },
  CHE: {
    weight: 14,
    phone: '41',
    phoneDigits: 9,
    tld: 'ch',
    languages: 'German, French, Italian',
    origins: { german: 50, french: 25, italian: 15, lusophone: 4, turkish: 3, hispanic: 3 },
    cities: 'Zurich/Zurich; Geneva/Geneva; Basel/Basel-Stadt; Lausanne/Vaud; Zug/Zug; Bern/Bern',
    schools: 'ETH Zurich; EPFL; University of Zurich; University of St. Gallen',
  },
  AUT: {
    weight: 8,
    phone: '43',
    phoneDigits: 10,
    tld: 'at',
    languages: 'German',
    origins: { german: 85, turkish: 6, polish: 4, czech: 3, italian: 2 },
    cities: 'Vienna/Vienna; Graz/Styria; Linz/Upper Austria; Salzburg/Salzburg; Innsbruck/Tyrol',
    schools: 'University of Vienna; TU Wien; WU Vienna University of Economics and Business',
  },
  SWE: {
    weight: 14,
    phone: '46',
    phoneDigits: 9,
    tld: 'se',
    languages: 'Swedish',
    origins: { nordic: 75, arabic: 8, finnish: 5, polish: 3, german: 3, turkish: 3, hispanic: 3 },
    cities: 'Stockholm/Stockholm County; Gothenburg/Västra Götaland; Malmö/Skåne; Uppsala/Uppsala County',
    schools: 'KTH Royal Institute of Technology; Stockholm School of Economics; Lund University; Chalmers University of Technology',
  },
  NOR: {
    weight: 7,
    phone: '47',
    phoneDigits: 8,
    tld: 'no',
    languages: 'Norwegian',
    origins: { nordic: 85, polish: 5, arabic: 4, german: 3, finnish: 3 },
    cities: 'Oslo/Oslo; Bergen/Vestland; Trondheim/Trøndelag; Stavanger/Rogaland',
    schools: 'University of Oslo; Norwegian University of Science and Technology; BI Norwegian Business School',
  },
  DNK: {
    weight: 8,
    phone: '45',
    phoneDigits: 8,
    tld: 'dk',
    languages: 'Danish',
    origins: { nordic: 85, german: 5, arabic: 4, polish: 3, turkish: 3 },
    cities: 'Copenhagen/Capital Region; Aarhus/Central Denmark; Odense/Southern Denmark; Aalborg/North Denmark',
    schools: 'Technical University of Denmark; University of Copenhagen; Copenhagen Business School; Aarhus University',
  },
  FIN: {
    weight: 7,
    phone: '358',
    phoneDigits: 9,
    tld: 'fi',
    languages: 'Finnish, Swedish',
    origins: { finnish: 85, nordic: 12, estonian: 3 },
    cities: 'Helsinki/Uusimaa; Espoo/Uusimaa; Tampere/Pirkanmaa; Oulu/North Ostrobothnia; Turku/Southwest Finland',
    schools: 'Aalto University; University of Helsinki; Tampere University',
  },
  POL: {
    weight: 12,
    phone: '48',
    phoneDigits: 9,
    tld: 'pl',
    languages: 'Polish',
    origins: { polish: 95, czech: 3, german: 2 },
    cities: 'Warsaw/Masovia; Kraków/Lesser Poland; Wrocław/Lower Silesia; Gdańsk/Pomerania; Poznań/Greater Poland',
    schools: 'University of Warsaw; Warsaw University of Technology; Jagiellonian University',
  },
  CZE: {
    weight: 6,
    phone: '420',
    phoneDigits: 9,
    tld: 'cz',
    languages: 'Czech',
    origins: { czech: 92, polish: 4, german: 4 },
    cities: 'Prague/Prague; Brno/South Moravia; Ostrava/Moravia-Silesia; Plzeň/Plzeň Region',
    schools: 'Charles University; Czech Technical University in Prague; Brno University of Technology',
  },
  EST: {
    weight: 4,
    phone: '372',
    phoneDigits: 8,
    tld: 'ee',
    languages: 'Estonian, Russian',
    origins: { estonian: 70, russian: 25, finnish: 5 },
    cities: 'Tallinn/Harju County; Tartu/Tartu County',
    schools: 'University of Tartu; Tallinn University of Technology',
  },
  ISR: {
    weight: 14,
    phone: '972',
    phoneDigits: 9,
    tld: 'co.il',
    languages: 'Hebrew, Arabic, Russian',
    origins: { hebrew: 78, russian: 12, arabic: 10 },
    cities:
      "Tel Aviv/Tel Aviv District; Herzliya/Tel Aviv District; Jerusalem/Jerusalem District; Haifa/Haifa District; Ra'anana/Central District",
    schools:
      'Technion – Israel Institute of Technology; Tel Aviv University; Hebrew University of Jerusalem; Weizmann Institute of Science',
  },
  ARE: {
    weight: 9,
    phone: '971',
    phoneDigits: 9,
    tld: 'ae',
    languages: 'Arabic, English',
    origins: { arabic: 50, indian: 35, filipino: 6, anglo: 5, chinese: 4 },
    cities: 'Dubai/Dubai; Abu Dhabi/Abu Dhabi; Sharjah/Sharjah',
    schools: 'Khalifa University; American University of Sharjah; University of Dubai',
  },
  ZAF: {
    weight: 8,
    phone: '27',
    phoneDigits: 9,
    tld: 'co.za',
    languages: 'English, Afrikaans, Zulu',
    origins: { southafrican: 45, afrikaans: 20, anglo: 20, indian: 10, lusophone: 5 },
    cities: 'Johannesburg/Gauteng; Cape Town/Western Cape; Pretoria/Gauteng; Durban/KwaZulu-Natal; Stellenbosch/Western Cape',
    schools: 'University of Cape Town; University of the Witwatersrand; Stellenbosch University; University of Pretoria',
  },
  NGA: {
    weight: 7,
    phone: '234',
    phoneDigits: 10,
    tld: 'com.ng',
    languages: 'English, Yoruba, Igbo, Hausa',
    origins: { nigerian: 100 },
    cities: 'Lagos/Lagos; Abuja/Federal Capital Territory; Ibadan/Oyo; Port Harcourt/Rivers',
    schools: 'University of Lagos; University of Ibadan; Covenant University; Obafemi Awolowo University',
  },
  KEN: {
    weight: 5,
    phone: '254',
    phoneDigits: 9,
    tld: 'co.ke',
    languages: 'English, Swahili',
    origins: { kenyan: 92, indian: 6, anglo: 2 },
    cities: 'Nairobi/Nairobi County; Mombasa/Mombasa County; Kisumu/Kisumu County',
    schools: 'University of Nairobi; Strathmore University; Kenyatta University',
  },
  EGY: {
    weight: 5,
    phone: '20',
    phoneDigits: 10,
    tld: 'com.eg',
    languages: 'Arabic',
    origins: { arabic: 100 },
    cities: 'Cairo/Cairo Governorate; Giza/Giza Governorate; Alexandria/Alexandria Governorate',
    schools: 'Cairo University; The American University in Cairo; Ain Shams University',
  },
  IND: {
    weight: 60,
    phone: '91',
    phoneDigits: 10,
    tld: 'in',
    languages: 'Hindi, English, Marathi, Tamil, Telugu, Kannada, Bengali',
    origins: { indian: 100 },
    cities:
      'Bengaluru/Karnataka; Mumbai/Maharashtra; Pune/Maharashtra; New Delhi/Delhi; Gurugram/Haryana; Hyderabad/Telangana; Chennai/Tamil Nadu; Noida/Uttar Pradesh; Kolkata/West Bengal; Ahmedabad/Gujarat; Kochi/Kerala; Jaipur/Rajasthan; Coimbatore/Tamil Nadu; Mysuru/Karnataka',
    schools:
      'Indian Institute of Technology Bombay; Indian Institute of Technology Delhi; Indian Institute of Technology Madras; Indian Institute of Science; BITS Pilani; Indian Institute of Management Ahmedabad; Anna University; Vellore Institute of Technology; University of Delhi',
  },
  SGP: {
    weight: 14,
    phone: '65',
    phoneDigits: 8,
    tld: 'sg',
    languages: 'English, Mandarin, Malay, Tamil',
    origins: { chinese: 72, indian: 12, indonesian: 8, anglo: 8 },
    cities: 'Singapore/Central Region; Tampines/East Region; Jurong East/West Region',
    schools: 'National University of Singapore; Nanyang Technological University; Singapore Management University',
  },
  JPN: {
    weight: 25,
    phone: '81',
    phoneDigits: 10,
    tld: 'co.jp',
    languages: 'Japanese',
    origins: { japanese: 97, chinese: 2, korean: 1 },
    cities: 'Tokyo/Tokyo; Osaka/Osaka; Yokohama/Kanagawa; Kyoto/Kyoto; Nagoya/Aichi; Fukuoka/Fukuoka; Sapporo/Hokkaido',
    schools: 'University of Tokyo; Kyoto University; Keio University; Waseda University; Osaka University',
  },
  KOR: {
    weight: 14,
    phone: '82',
    phoneDigits: 10,
    tld: 'co.kr',
    languages: 'Korean',
    origins: { korean: 98, chinese: 2 },
    cities: 'Seoul/Seoul; Seongnam/Gyeonggi; Busan/Busan; Incheon/Incheon; Suwon/Gyeonggi; Daejeon/Daejeon',
    schools: 'Seoul National University; KAIST; Yonsei University; Korea University',
  },
  CHN: {
    weight: 30,
    phone: '86',
    phoneDigits: 11,
    tld: 'cn',
    languages: 'Mandarin, Cantonese',
    origins: { chinese: 100 },
    cities:
      'Shanghai/Shanghai; Beijing/Beijing; Shenzhen/Guangdong; Hangzhou/Zhejiang; Guangzhou/Guangdong; Chengdu/Sichuan; Nanjing/Jiangsu; Suzhou/Jiangsu',
    schools: 'Tsinghua University; Peking University; Zhejiang University; Fudan University; Shanghai Jiao Tong University',
  },
  AUS: {
    weight: 30,
    phone: '61',
    phoneDigits: 9,
    tld: 'com.au',
    languages: 'English',
    origins: { anglo: 70, chinese: 10, indian: 7, italian: 4, filipino: 3, korean: 2, arabic: 2, hispanic: 2 },
    cities:
      'Sydney/New South Wales; Melbourne/Victoria; Brisbane/Queensland; Perth/Western Australia; Adelaide/South Australia; Canberra/Australian Capital Territory; Gold Coast/Queensland; Newcastle/New South Wales; Hobart/Tasmania',
    schools: 'University of Melbourne; University of Sydney; UNSW Sydney; Monash University; Australian National University',
  },
  NZL: {
    weight: 6,
    phone: '64',
    phoneDigits: 9,
    tld: 'co.nz',
    languages: 'English',
    origins: { anglo: 75, chinese: 8, indian: 8, filipino: 4, korean: 3, hispanic: 2 },
    cities: 'Auckland/Auckland; Wellington/Wellington; Christchurch/Canterbury; Hamilton/Waikato',
    schools: 'University of Auckland; Victoria University of Wellington; University of Canterbury',
  },
  IDN: {
    weight: 9,
    phone: '62',
    phoneDigits: 10,
    tld: 'co.id',
    languages: 'Indonesian',
    origins: { indonesian: 95, chinese: 5 },
    cities: 'Jakarta/Jakarta; Bandung/West Java; Surabaya/East Java; Denpasar/Bali; Yogyakarta/Special Region of Yogyakarta',
    schools: 'Universitas Indonesia; Institut Teknologi Bandung; Universitas Gadjah Mada',
  },
  PHL: {
    weight: 7,
    phone: '63',
    phoneDigits: 10,
    tld: 'com.ph',
    languages: 'Filipino, English',
    origins: { filipino: 97, chinese: 3 },
    cities: 'Manila/Metro Manila; Makati/Metro Manila; Taguig/Metro Manila; Cebu City/Cebu; Davao City/Davao del Sur',
    schools: 'University of the Philippines Diliman; Ateneo de Manila University; De La Salle University',
  },
};

/** Languages a professional may add beyond their own. */
export const SECOND_LANGUAGES = [
  'Spanish',
  'French',
  'German',
  'Mandarin',
  'Japanese',
  'Portuguese',
  'Italian',
  'Arabic',
  'Russian',
  'Dutch',
  'Korean',
  'Hindi',
];

export interface Country {
  iso3: string;
  name: string;
  weight: number;
  phone: string;
  phoneDigits: number;
  tld: string;
  languages: string[];
  origins: Array<[Origin, number]>;
  /** Indexes into Geo.cities. */
  cities: number[];
  /** Indexes into Geo.schools. */
  schools: number[];
}

export interface City {
  name: string;
  /** Index into Geo.states. */
  state: number;
  country: number;
  /** "City, State, Country" */
  label: string;
}

export interface Geo {
  countries: Country[];
  cities: City[];
  /** Region names; the same name in two countries is two entries. */
  states: Array<{ name: string; country: number }>;
  schools: string[];
}

let geo: Geo | undefined;

export function geography(): Geo {
  if (geo) return geo;
  const countries: Country[] = [];
  const cities: City[] = [];
  const states: Geo['states'] = [];
  const schools: string[] = [];
  for (const [iso3, name] of Object.entries(COUNTRY_ISO3)) {
    const spec = COUNTRIES[iso3];
    if (!spec) throw new Error(`geo: no spec for ${iso3}`);
    const ci = countries.length;
    const stateAt = new Map<string, number>();
    const cityIds = spec.cities.split(';').map((pair) => {
      const [city, state] = pair.split('/').map((s) => s.trim()) as [string, string];
      let si = stateAt.get(state);
      if (si === undefined) {
        si = states.length;
        states.push({ name: state, country: ci });
        stateAt.set(state, si);
      }
      cities.push({ name: city, state: si, country: ci, label: `${city}, ${state}, ${name}` });
      return cities.length - 1;
    });
    const schoolIds = spec.schools.split(';').map((s) => {
      schools.push(s.trim());
      return schools.length - 1;
    });
    countries.push({
      iso3,
      name,
      weight: spec.weight,
      phone: spec.phone,
      phoneDigits: spec.phoneDigits,
      tld: spec.tld,
      languages: spec.languages.split(',').map((s) => s.trim()),
      origins: Object.entries(spec.origins) as Array<[Origin, number]>,
      cities: cityIds,
      schools: schoolIds,
    });
  }
  geo = { countries, cities, states, schools };
  return geo;
}

/** Pickers for a country by weight, and a city of a country (largest first, but all of them). */
export function geoPickers(g: Geo): { country: WeightedPicker; city: WeightedPicker[] } {
  return {
    country: new WeightedPicker(g.countries.map((c) => c.weight)),
    city: g.countries.map((c) => new WeightedPicker(c.cities.map((_, j) => c.cities.length - j + 2))),
  };
}
