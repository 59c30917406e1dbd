import type { Rng } from './prng.js';

/** Words companies and funds are named from: roots, compound tails, government bodies, investor kinds. */

export const ROOTS = [
  'North', 'South', 'East', 'West', 'Blue', 'Iron', 'Silver', 'Cedar', 'Harbor', 'Summit', 'Bright', 'Clear', 'Swift', 'Stone',
  'Oak', 'Pine', 'Maple', 'River', 'Lake', 'Sky', 'Star', 'Sun', 'Moon', 'Red', 'Green', 'Gold', 'Copper', 'Falcon', 'Eagle',
  'Fox', 'Wolf', 'Bear', 'Lion', 'Atlas', 'Apex', 'Vertex', 'Nova', 'Orion', 'Polar', 'Quantum', 'Vector', 'Pixel', 'Signal',
  'Beacon', 'Anchor', 'Compass', 'Keystone', 'Cobalt', 'Crimson', 'Amber', 'Ivory', 'Jade', 'Onyx', 'Sage', 'Willow', 'Aspen',
  'Birch', 'Elm', 'Hawthorn', 'Juniper', 'Meadow', 'Prairie', 'Canyon', 'Mesa', 'Ridge', 'Valley', 'Coastal', 'Tidal', 'Ocean',
  'Coral', 'Delta', 'Echo', 'Lumen', 'Helix', 'Nimbus', 'Zephyr', 'Terra', 'Aero', 'Hydro', 'Verde', 'Alto', 'Prime', 'True',
  'Bold', 'Open', 'Kind', 'Loop', 'Path', 'Bridge', 'Arc', 'Core', 'Spark', 'Flux', 'Pulse', 'Wave', 'Shift', 'Lift', 'Rise',
  'Peak', 'Crest', 'Granite', 'Slate', 'Flint', 'Ember', 'Frost', 'Glacier', 'Aurora', 'Solar', 'Lunar', 'Comet', 'Meteor',
  'Cipher', 'Quill', 'Lantern', 'Harvest', 'Orchard', 'Thistle', 'Heather', 'Clover', 'Fern', 'Moss', 'Briar', 'Raven', 'Heron',
  'Kestrel', 'Osprey', 'Otter', 'Lynx', 'Bison', 'Elk', 'Marlin', 'Pelican', 'Wren', 'Finch', 'Sparrow', 'Indigo', 'Scarlet',
  'Azure', 'Saffron', 'Obsidian', 'Silk', 'Velvet', 'Marble', 'Quartz', 'Opal', 'Pearl', 'Ruby', 'Sapphire', 'Topaz', 'Titan',
  'Argo', 'Vega', 'Lyra', 'Sirius', 'Rigel', 'Altair', 'Castor', 'Draco', 'Hydra', 'Phoenix', 'Griffin', 'Pegasus', 'Tandem',
  'Kinetic', 'Fathom', 'Meridian', 'Horizon', 'Zenith', 'Nadir', 'Equinox', 'Solstice', 'Tempo', 'Cadence', 'Vivid', 'Lucid',
];

const TAILS = [
  'wind', 'peak', 'stone', 'field', 'line', 'gate', 'bridge', 'works', 'point', 'light', 'path', 'wave', 'forge', 'craft',
  'mark', 'wise', 'ly', 'io', 'ify', 'hub', 'base', 'stack', 'flow', 'scale', 'nest', 'grove', 'haven', 'ford', 'ton',
  'wood', 'well', 'view', 'land', 'port', 'spring', 'bay', 'crest', 'shore', 'vale', 'rock', 'leaf', 'brook', 'fall', 'beam',
];

const GENERIC = ['Group', 'Partners', 'Holdings', 'Global', 'International', 'Co.'];

const GOVERNMENT_FIELDS = ['Transit', 'Water', 'Housing', 'Planning', 'Health', 'Digital Services', 'Parks', 'Revenue', 'Ports', 'Workforce', 'Environment'];

/** A compound word such as "Northwind" or "Cedarly". */
function compound(rng: Rng): string {
  return rng.pick(ROOTS) + rng.pick(TAILS);
}

/**
 * A plausible company name for an industry. `surnames` lists family names for firms named after
 * their founders; `city` names public bodies.
 */
export function companyName(rng: Rng, nouns: readonly string[], opts: { surnames?: readonly string[]; government?: boolean; city: string }): string {
  if (opts.government) return `${opts.city} ${rng.pick(GOVERNMENT_FIELDS)} ${rng.pick(nouns)}`;
  const r = rng.int(100);
  if (opts.surnames && r < 45) {
    const a = rng.pick(opts.surnames);
    if (r < 25) {
      let b = rng.pick(opts.surnames);
      if (b === a) b = rng.pick(opts.surnames);
      return `${a} & ${b}${rng.chance(50) ? ` ${rng.pick(nouns)}` : ''}`;
    }
    return `${a} ${rng.pick(nouns)}`;
  }
  if (r < 60) return `${compound(rng)} ${rng.pick(nouns)}`;
  if (r < 75) return `${rng.pick(ROOTS)} ${rng.pick(nouns)}`;
  if (r < 88) return compound(rng);
  return `${compound(rng)} ${rng.pick(GENERIC)}`;
}

export const INVESTOR_KINDS = {
  venture: ['Ventures', 'Capital', 'Venture Partners', 'Fund', 'Growth', 'Seed Fund'],
  privateEquity: ['Equity Partners', 'Private Equity', 'Capital Partners', 'Investment Group'],
  debt: ['Credit Partners', 'Lending', 'Debt Capital', 'Bank'],
  public: ['Asset Management', 'Investors', 'Global Investors'],
} as const;

/** Public bodies and foundations that give grants, by the country code of the grantee (default: the rest). */
export const GRANT_MAKERS: Readonly<Record<string, readonly string[]>> = {
  USA: ['National Science Foundation', 'National Institutes of Health', 'U.S. Department of Energy'],
  GBR: ['Innovate UK', 'UK Research and Innovation'],
  CAN: ['National Research Council Canada', 'Canada Foundation for Innovation'],
  AUS: ['Australian Research Council', 'CSIRO'],
  ISR: ['Israel Innovation Authority'],
  SGP: ['Enterprise Singapore'],
  IND: ['Department of Science and Technology', 'BIRAC'],
  EU: ['European Innovation Council', 'Horizon Europe', 'European Regional Development Fund'],
  default: ['Wellcome Trust', 'Bill & Melinda Gates Foundation', 'Skoll Foundation', 'Open Society Foundations'],
};

export const EU_COUNTRIES = new Set(['IRL', 'FRA', 'DEU', 'NLD', 'BEL', 'ESP', 'PRT', 'ITA', 'AUT', 'SWE', 'DNK', 'FIN', 'POL', 'CZE', 'EST']);
