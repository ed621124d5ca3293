/**
 * Vocabulary for synthetic titles, names and descriptions. Lists are ordered roughly from common to
 * rare: the generator picks with a skew towards the front, so a few words are everywhere (as "the"
 * and "night" are in real catalogs) and most are rare.
 */

/** Whitespace-separated words to a list. */
function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

export const ADJECTIVES = words(`
  last dark lost silent golden broken hidden little long final secret wild quiet burning frozen
  midnight crimson hollow bright iron silver glass endless forgotten distant savage gentle fallen
  rising sleeping wandering bitter sweet scarlet velvet electric paper stolen shattered haunted
  northern southern eastern western ancient modern radiant restless reckless fearless lonely perfect
  painted drowned buried winter summer autumn spring twin crooked tender violent blue red black white
  green grey amber emerald ivory obsidian copper marble wooden feral hungry sacred wicked brave clever
  curious dangerous tiny giant infinite invisible borrowed beautiful unquiet untamed vanishing wounded
  luminous nocturnal feverish sunken starlit moonlit thunderous weightless pale quicksilver salt stone
  smoldering gilded tangled wistful naïve blasé rosé über déjà
`);

export const NOUNS = words(`
  night house city heart world river shadow kingdom storm garden sea fire moon star road island
  mountain empire witness protocol harbor letter daughter son queen king ghost game war girl boy wolf
  crown bridge door mirror clock tower forest desert ocean winter summer light silence secret promise
  memory dream echo signal code machine engine orbit planet comet horizon frontier voyage journey
  exile rebel thief hunter soldier doctor detective spy assassin witch dragon raven kestrel falcon
  serpent lion fox bear whale orchard vineyard lighthouse cathedral library museum hotel station
  village valley canyon glacier volcano lagoon meadow marsh cliff shore tide current thunder lightning
  rain snow ash ember smoke dust bone blood salt honey wine bread feast wedding funeral reunion
  inheritance bargain treaty verdict trial alibi confession ransom heist conspiracy cipher labyrinth
  compass lantern anchor sail harp violin piano song ballad symphony dance carnival circus parade
  festival summit siege rebellion revolution uprising dynasty legacy prophecy oracle relic talisman
  amulet sword shield arrow chronicle saga legend myth fable riddle puzzle paradox theory equation
  atlas almanac diary journal notebook manuscript map archive vault cellar attic kitchen bakery market
  bazaar harvest season decade century moment afterlife underworld paradise utopia wasteland outpost
  colony settlement frontline border passage crossing descent ascent return departure arrival
  awakening reckoning homecoming pilgrim stranger neighbor widow orphan heir twin sister brother
  mother father uncle cousin captain admiral general emperor duchess baron bishop juniper hawthorn
  willow cedar birch magnolia lotus orchid thistle saffron café château fiancée soirée mañana piñata
  jalapeño crème façade fête doppelgänger smörgåsbord noël éclair señor
`);

export const PLACES = [
  'Paris',
  'London',
  'Tokyo',
  'Berlin',
  'Rome',
  'Lisbon',
  'Venice',
  'Cairo',
  'Istanbul',
  'Vienna',
  'Prague',
  'Dublin',
  'Havana',
  'Kyoto',
  'Seoul',
  'Mumbai',
  'Lagos',
  'Nairobi',
  'Marrakesh',
  'Oslo',
  'Avalon',
  'Babylon',
  'Atlantis',
  'Eldoria',
  'Thornwick',
  'Ravenmoor',
  'Saltmarsh',
  'Kingsbridge',
  'Brightwater',
  'Ironhold',
  'Montréal',
  'Bogotá',
  'São Paulo',
  'Malmö',
  'Zürich',
  'Córdoba',
  'Reykjavík',
  'Kraków',
  'Göteborg',
  'Medellín',
  'Calder',
  'Ashby',
  'Marlow',
  'Dunmore',
  'Carrick',
  'Penrith',
  'Whitby',
  'Halden',
  'Tessaly',
  'Verano',
] as const;

export const FIRST_NAMES = words(`
  Anna James Maria David Sarah Michael Elena Daniel Laura Thomas Emma Lucas Olivia Noah Sofia Leo Mia
  Oliver Clara Samuel Hannah Gabriel Isabel Adrian Nora Felix Ada Hugo Iris Jonah Maren Tomasz Isolde
  Corwin Nell Elias Dana Priya Kenji Amara Yusuf Mei Aarav Chidi Ingrid Rafael Lucia Mateo Freya Soren
  Zoë Chloé José Renée Inès Björn Søren Åsa Łukasz Héctor Imogen Caspian Ottilie Rowan Wren Ezra Juno
  Silas Thea Ansel
`);

export const LAST_NAMES = words(`
  Smith Johnson Garcia Müller Rossi Tanaka Kim Nguyen Okafor Novak Holt Merrow Adair Wielgosz Fontaine
  Lindqvist Moreau Castillo Haddad Ivanova Brennan Calloway Delacroix Eastwood Fairbanks Gallagher
  Hartley Iverson Jovanović Kowalski Larkin Montague Nakamura Oyelaran Petrov Quinn Ramírez Sørensen
  Thorne Underwood Valdés Whitaker Xu Yamamoto Zielinski Ashworth Blackwood Crane Dubois Ellery Frost
  Greer Hale Ibáñez Juarez Kline Lowell Marsh Núñez Osei Pryce Reyes Sato Tremaine Vance Wilde Yardley
  Zhou Abernathy Beaumont
`);

export const NETWORKS = [
  'Northwind',
  'Bluecrest',
  'Lumen+',
  'Harborline',
  'Atlas TV',
  'Vireo',
  'Cascade One',
  'Meridian',
  'Kite Studios',
  'Ember Channel',
  'Polar Stream',
  'Orchid Network',
  'Redline',
  'Sundial',
  'Quarry',
  'Canal Étoile',
  'Tempo',
  'Granite Box',
  'Brightside',
  'Wavelength',
] as const;

export const GENRES = {
  books: [
    'Fantasy',
    'Thriller',
    'Mystery',
    'Romance',
    'Science Fiction',
    'Literary Fiction',
    'Young Adult',
    'Historical Fiction',
    'Horror',
    'Graphic Novel',
    'Science',
    'History',
    'Memoir',
    'Cookbook',
    'Business',
    'Self-Help',
    'Travel',
    'True Crime',
    'Biography',
    'Poetry',
  ],
  movies: [
    'Drama',
    'Comedy',
    'Thriller',
    'Family',
    'Romance',
    'Mystery',
    'Action',
    'Adventure',
    'Science Fiction',
    'Crime',
    'Horror',
    'Animation',
    'Fantasy',
    'History',
    'Documentary',
    'Music',
    'War',
    'Western',
  ],
  tv_seasons: [
    'Drama',
    'Comedy',
    'Mystery',
    'Crime',
    'Fantasy',
    'Science Fiction',
    'Animation',
    'Kids',
    'Thriller',
    'Reality',
    'Romance',
    'Action & Adventure',
    'Horror',
    'Sitcom',
    'Documentary',
    'Anime',
  ],
} as const;

/** ISO 639-1 codes other than English, most common first. */
export const OTHER_LANGUAGES = [
  'fr',
  'es',
  'ja',
  'ko',
  'de',
  'it',
  'pt',
  'zh',
  'hi',
  'sv',
  'tr',
  'pl',
  'da',
  'nl',
  'no',
] as const;

export const VERBS = [
  'discovers',
  'inherits',
  'hunts',
  'protects',
  'betrays',
  'searches for',
  'escapes',
  'rebuilds',
  'uncovers',
  'loses',
  'steals',
  'guards',
  'follows',
  'chases',
  'remembers',
  'forgets',
  'defends',
  'abandons',
] as const;

export const PLOT_TWISTS = [
  'nothing is what it seems',
  'the past refuses to stay buried',
  'every choice has a price',
  'an old friend returns with a dangerous offer',
  'the storm of the century closes every road',
  'a stranger knows far too much',
  'the only way out is through the heart of the city',
  'the truth could tear the family apart',
  'a forgotten promise comes due',
  'the clock is already running',
] as const;

/** Syllables for coined names ("Velmora", "Kastrin"): the long tail of words a real catalog has. */
export const SYLLABLES = words(`
  ka ve mor la tha ri on el dra vin sa lo mi ra ne ko tor ash bel cor dun fen gal hal is jor kel
  lun mar nor ost pel quin ros sel tam ul var wen yor zan bri cal del fir gor
`);

export const TITLE_SUFFIXES = words(
  `Chronicles Saga Files Diaries Protocol Affair Legacy Papers Effect Code`,
);
