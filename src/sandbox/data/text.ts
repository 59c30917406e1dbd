/** Text helpers for generated values and look-ups: ASCII folding, slugs, domain and URL keys. */

// An explicit table rather than String.prototype.normalize, so the output never depends on
// the Unicode version of the running Node.
const FOLD: Readonly<Record<string, string>> = {
  à: 'a',
  á: 'a',
  â: 'a',
  ã: 'a',
  ä: 'a',
  å: 'a',
  ā: 'a',
  ą: 'a',
  æ: 'ae',
  ç: 'c',
  č: 'c',
  ć: 'c',
  ď: 'd',
  ð: 'd',
  è: 'e',
  é: 'e',
  ê: 'e',
  ë: 'e',
  ě: 'e',
  ē: 'e',
  ę: 'e',
  ğ: 'g',
  ì: 'i',
  í: 'i',
  î: 'i',
  ï: 'i',
  ı: 'i',
  ł: 'l',
  ñ: 'n',
  ń: 'n',
  ň: 'n',
  ò: 'o',
  ó: 'o',
  ô: 'o',
  õ: 'o',
  ö: 'o',
  ø: 'o',
  ō: 'o',
  ő: 'o',
  œ: 'oe',
  ř: 'r',
  ś: 's',
  š: 's',
  ş: 's',
  ß: 'ss',
  ť: 't',
  ù: 'u',
  ú: 'u',
  û: 'u',
  ü: 'u',
  ů: 'u',
  ū: 'u',
  ű: 'u',
  ý: 'y',
  ÿ: 'y',
  ź: 'z',
  ż: 'z',
  ž: 'z',
  þ: 'th',
};

/** Lower-case ASCII letters and digits; every other run of characters becomes `sep`. */
export function asciiWords(text: string, sep: string): string {
  if (/^[ -~]*$/.test(text))
    return text
      .toLowerCase()
      .replace(/'/g, '')
      .split(/[^a-z0-9]+/)
      .filter((w) => w !== '')
      .join(sep);
  let out = '';
  let pendingSep = false;
  for (const ch of text.toLowerCase()) {
    const folded = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ? ch : FOLD[ch];
    // Apostrophes join (O'Brien -> obrien) rather than split.
    if (folded === undefined) {
      if (ch !== "'" && ch !== '’') pendingSep = out.length > 0;
      continue;
    }
    if (pendingSep) out += sep;
    pendingSep = false;
    out += folded;
  }
  return out;
}

export const slugify = (text: string): string => asciiWords(text, '-');

/** A domain in any spelling (scheme, www., path, port, case) as its bare lower-case host. */
export function domainKey(input: string): string {
  let s = input.trim().toLowerCase();
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  s = s.replace(/^[^/@]*@/, '');
  s = s.split(/[/?#]/, 1)[0] ?? '';
  s = s.replace(/:\d+$/, '').replace(/\.+$/, '');
  return s.startsWith('www.') ? s.slice(4) : s;
}

/** The slug of a LinkedIn company URL in any spelling (scheme, www., trailing slash, case), or undefined. */
export function linkedinCompanySlug(url: string): string | undefined {
  const s = url
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '');
  const m = /^(?:[a-z0-9-]+\.)*linkedin\.com\/company\/([^/?#]+)\/?(?:[?#].*)?$/.exec(s);
  return m?.[1];
}

/** Where `needle` first stands in `hay` as a whole word (no letter or digit either side), or -1. */
export function wordIndex(hay: string, needle: string): number {
  for (let from = 0; ;) {
    const at = hay.indexOf(needle, from);
    if (at < 0) return -1;
    if (!isWordChar(hay[at - 1]) && !isWordChar(hay[at + needle.length])) return at;
    from = at + 1;
  }
}

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
}
