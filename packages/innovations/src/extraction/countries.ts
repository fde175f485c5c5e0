import { escapeRegExp, normaliseAnswer } from './text.js';

/**
 * Countries and their demonyms, so that "American" and "United States" compare equal and a
 * nationality question can be answered from "born in Paris, France". Former states and the
 * constituent countries of the United Kingdom are listed too; `region` groups them.
 */
interface CountryEntry {
  readonly country: string;
  readonly demonyms: readonly string[];
  readonly aliases?: readonly string[];
  /** The present-day country a historical or constituent entry belongs to. */
  readonly region?: string;
}

const table: readonly CountryEntry[] = [
  {
    country: 'United States',
    demonyms: ['American'],
    aliases: ['United States of America', 'USA', 'U.S.', 'US', 'America', 'U.S.A.'],
  },
  { country: 'United Kingdom', demonyms: ['British'], aliases: ['UK', 'U.K.', 'Great Britain', 'Britain'] },
  { country: 'England', demonyms: ['English'], region: 'United Kingdom' },
  { country: 'Scotland', demonyms: ['Scottish', 'Scots'], region: 'United Kingdom' },
  { country: 'Wales', demonyms: ['Welsh'], region: 'United Kingdom' },
  { country: 'Northern Ireland', demonyms: ['Northern Irish'], region: 'United Kingdom' },
  { country: 'Ireland', demonyms: ['Irish'], aliases: ['Republic of Ireland'] },
  { country: 'Canada', demonyms: ['Canadian'] },
  { country: 'Australia', demonyms: ['Australian'] },
  { country: 'New Zealand', demonyms: ['New Zealander', 'Kiwi'] },
  { country: 'France', demonyms: ['French'] },
  {
    country: 'Germany',
    demonyms: ['German'],
    aliases: ['West Germany', 'East Germany', 'Federal Republic of Germany'],
  },
  { country: 'Prussia', demonyms: ['Prussian'], region: 'Germany' },
  { country: 'Bavaria', demonyms: ['Bavarian'], region: 'Germany' },
  { country: 'Italy', demonyms: ['Italian'] },
  { country: 'Spain', demonyms: ['Spanish', 'Spaniard'] },
  { country: 'Portugal', demonyms: ['Portuguese'] },
  { country: 'Netherlands', demonyms: ['Dutch'], aliases: ['Holland', 'The Netherlands'] },
  { country: 'Belgium', demonyms: ['Belgian', 'Flemish', 'Walloon'] },
  { country: 'Luxembourg', demonyms: ['Luxembourgish', 'Luxembourger'] },
  { country: 'Switzerland', demonyms: ['Swiss'] },
  { country: 'Austria', demonyms: ['Austrian'] },
  { country: 'Denmark', demonyms: ['Danish', 'Dane'] },
  { country: 'Norway', demonyms: ['Norwegian'] },
  { country: 'Sweden', demonyms: ['Swedish', 'Swede'] },
  { country: 'Finland', demonyms: ['Finnish', 'Finn'] },
  { country: 'Iceland', demonyms: ['Icelandic', 'Icelander'] },
  { country: 'Poland', demonyms: ['Polish', 'Pole'] },
  { country: 'Czech Republic', demonyms: ['Czech'], aliases: ['Czechia', 'Czechoslovakia'] },
  { country: 'Slovakia', demonyms: ['Slovak', 'Slovakian'] },
  { country: 'Hungary', demonyms: ['Hungarian', 'Magyar'] },
  { country: 'Romania', demonyms: ['Romanian'] },
  { country: 'Bulgaria', demonyms: ['Bulgarian'] },
  { country: 'Greece', demonyms: ['Greek'] },
  { country: 'Turkey', demonyms: ['Turkish', 'Turk'], aliases: ['Ottoman Empire'] },
  { country: 'Cyprus', demonyms: ['Cypriot'] },
  { country: 'Russia', demonyms: ['Russian'], aliases: ['Russian Federation', 'Russian Empire'] },
  { country: 'Soviet Union', demonyms: ['Soviet'], aliases: ['USSR'], region: 'Russia' },
  { country: 'Ukraine', demonyms: ['Ukrainian'] },
  { country: 'Belarus', demonyms: ['Belarusian'] },
  { country: 'Lithuania', demonyms: ['Lithuanian'] },
  { country: 'Latvia', demonyms: ['Latvian'] },
  { country: 'Estonia', demonyms: ['Estonian'] },
  { country: 'Serbia', demonyms: ['Serbian', 'Serb'] },
  { country: 'Croatia', demonyms: ['Croatian', 'Croat'] },
  { country: 'Slovenia', demonyms: ['Slovenian', 'Slovene'] },
  { country: 'Bosnia and Herzegovina', demonyms: ['Bosnian', 'Herzegovinian'] },
  { country: 'Montenegro', demonyms: ['Montenegrin'] },
  { country: 'North Macedonia', demonyms: ['Macedonian'], aliases: ['Macedonia'] },
  { country: 'Albania', demonyms: ['Albanian'] },
  { country: 'Yugoslavia', demonyms: ['Yugoslav', 'Yugoslavian'] },
  { country: 'Georgia', demonyms: ['Georgian'] },
  { country: 'Armenia', demonyms: ['Armenian'] },
  { country: 'Azerbaijan', demonyms: ['Azerbaijani', 'Azeri'] },
  { country: 'Kazakhstan', demonyms: ['Kazakh', 'Kazakhstani'] },
  { country: 'Uzbekistan', demonyms: ['Uzbek', 'Uzbekistani'] },
  { country: 'Israel', demonyms: ['Israeli'] },
  { country: 'Palestine', demonyms: ['Palestinian'] },
  { country: 'Lebanon', demonyms: ['Lebanese'] },
  { country: 'Syria', demonyms: ['Syrian'] },
  { country: 'Jordan', demonyms: ['Jordanian'] },
  { country: 'Iraq', demonyms: ['Iraqi'] },
  { country: 'Iran', demonyms: ['Iranian', 'Persian'], aliases: ['Persia'] },
  { country: 'Saudi Arabia', demonyms: ['Saudi', 'Saudi Arabian'] },
  { country: 'Yemen', demonyms: ['Yemeni'] },
  { country: 'Kuwait', demonyms: ['Kuwaiti'] },
  { country: 'Qatar', demonyms: ['Qatari'] },
  { country: 'United Arab Emirates', demonyms: ['Emirati'], aliases: ['UAE'] },
  { country: 'Egypt', demonyms: ['Egyptian'] },
  { country: 'Libya', demonyms: ['Libyan'] },
  { country: 'Tunisia', demonyms: ['Tunisian'] },
  { country: 'Algeria', demonyms: ['Algerian'] },
  { country: 'Morocco', demonyms: ['Moroccan'] },
  { country: 'Sudan', demonyms: ['Sudanese'] },
  { country: 'Ethiopia', demonyms: ['Ethiopian'] },
  { country: 'Kenya', demonyms: ['Kenyan'] },
  { country: 'Nigeria', demonyms: ['Nigerian'] },
  { country: 'Ghana', demonyms: ['Ghanaian'] },
  { country: 'Senegal', demonyms: ['Senegalese'] },
  { country: 'Guinea', demonyms: ['Guinean'] },
  { country: 'Mali', demonyms: ['Malian'] },
  { country: 'Cameroon', demonyms: ['Cameroonian'] },
  { country: 'Ivory Coast', demonyms: ['Ivorian'], aliases: ["Côte d'Ivoire"] },
  { country: 'South Africa', demonyms: ['South African'] },
  { country: 'Zimbabwe', demonyms: ['Zimbabwean'] },
  { country: 'Zambia', demonyms: ['Zambian'] },
  { country: 'Uganda', demonyms: ['Ugandan'] },
  { country: 'Tanzania', demonyms: ['Tanzanian'] },
  { country: 'India', demonyms: ['Indian'] },
  { country: 'Pakistan', demonyms: ['Pakistani'] },
  { country: 'Bangladesh', demonyms: ['Bangladeshi'] },
  { country: 'Sri Lanka', demonyms: ['Sri Lankan'] },
  { country: 'Nepal', demonyms: ['Nepali', 'Nepalese'] },
  { country: 'Afghanistan', demonyms: ['Afghan'] },
  { country: 'China', demonyms: ['Chinese'], aliases: ["People's Republic of China"] },
  { country: 'Hong Kong', demonyms: ['Hong Konger'], region: 'China' },
  { country: 'Taiwan', demonyms: ['Taiwanese'] },
  { country: 'Japan', demonyms: ['Japanese'] },
  { country: 'South Korea', demonyms: ['South Korean', 'Korean'], aliases: ['Korea'] },
  { country: 'North Korea', demonyms: ['North Korean'] },
  { country: 'Mongolia', demonyms: ['Mongolian'] },
  { country: 'Vietnam', demonyms: ['Vietnamese'] },
  { country: 'Thailand', demonyms: ['Thai'] },
  { country: 'Myanmar', demonyms: ['Burmese'], aliases: ['Burma'] },
  { country: 'Cambodia', demonyms: ['Cambodian'] },
  { country: 'Malaysia', demonyms: ['Malaysian'] },
  { country: 'Singapore', demonyms: ['Singaporean'] },
  { country: 'Indonesia', demonyms: ['Indonesian'] },
  { country: 'Philippines', demonyms: ['Filipino', 'Philippine'] },
  { country: 'Mexico', demonyms: ['Mexican'] },
  { country: 'Cuba', demonyms: ['Cuban'] },
  { country: 'Jamaica', demonyms: ['Jamaican'] },
  { country: 'Haiti', demonyms: ['Haitian'] },
  { country: 'Dominican Republic', demonyms: ['Dominican'] },
  { country: 'Puerto Rico', demonyms: ['Puerto Rican'] },
  { country: 'Trinidad and Tobago', demonyms: ['Trinidadian', 'Tobagonian'] },
  { country: 'Guatemala', demonyms: ['Guatemalan'] },
  { country: 'Costa Rica', demonyms: ['Costa Rican'] },
  { country: 'Panama', demonyms: ['Panamanian'] },
  { country: 'Colombia', demonyms: ['Colombian'] },
  { country: 'Venezuela', demonyms: ['Venezuelan'] },
  { country: 'Ecuador', demonyms: ['Ecuadorian'] },
  { country: 'Peru', demonyms: ['Peruvian'] },
  { country: 'Bolivia', demonyms: ['Bolivian'] },
  { country: 'Chile', demonyms: ['Chilean'] },
  { country: 'Argentina', demonyms: ['Argentine', 'Argentinian', 'Argentinean'] },
  { country: 'Uruguay', demonyms: ['Uruguayan'] },
  { country: 'Paraguay', demonyms: ['Paraguayan'] },
  { country: 'Brazil', demonyms: ['Brazilian'] },
];

/** The table's names as written, found in a text; a leading article is not part of the name ("Netherlands"). */
const writtenNames = new Set<string>();
/** Every name, alias and demonym by its `normaliseAnswer` form: the answer path's one normaliser. */
const byName = new Map<string, CountryEntry>();
for (const entry of table) {
  for (const name of [entry.country, ...(entry.aliases ?? []), ...entry.demonyms]) {
    byName.set(normaliseAnswer(name), entry);
    writtenNames.add(name.replace(/^the\s+/i, ''));
  }
}

const longestFirst = [...writtenNames].sort((left, right) => right.length - left.length);
const mentionPattern = new RegExp(
  `(?<![\\p{L}])(${longestFirst.map((name) => escapeRegExp(name).replace(/\s+/g, '\\s+')).join('|')})(?![\\p{L}])`,
  'giu',
);

export interface CountryMention {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly country: string;
  readonly demonym: string;
  /** True when the text used the demonym ("French"), false for the country's name ("France"). */
  readonly isDemonym: boolean;
}

/** Country and demonym mentions in a text, case-sensitive on the first letter ("us" is not "US"). */
export function findCountries(text: string): CountryMention[] {
  const mentions: CountryMention[] = [];
  for (const match of text.matchAll(mentionPattern)) {
    const raw = match[0];
    if (!/^\p{Lu}/u.test(raw)) continue;
    if (raw === 'US' && /\bus\b/.test(raw)) continue;
    const key = normaliseAnswer(raw);
    const entry = byName.get(key);
    if (entry === undefined) continue;
    const isDemonym = entry.demonyms.some((demonym) => normaliseAnswer(demonym) === key);
    mentions.push({
      text: raw,
      start: match.index,
      end: match.index + raw.length,
      country: entry.country,
      demonym: entry.demonyms[0] ?? entry.country,
      isDemonym,
    });
  }
  return mentions;
}

/** The country a name, alias or demonym stands for ("American" → "United States"), else undefined. */
export function countryOf(text: string): string | undefined {
  const direct = byName.get(normaliseAnswer(text));
  if (direct !== undefined) return direct.country;
  const mentions = findCountries(text);
  return mentions.at(-1)?.country;
}

/** The present-day country a country belongs to ("England" → "United Kingdom"). */
export function regionOf(country: string): string {
  return byName.get(normaliseAnswer(country))?.region ?? country;
}
