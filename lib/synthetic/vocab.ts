/**
 * Built-in vocabularies of the synthetic data generator: title words (used when the database
 * holds no real titles, and mixed in for accented and Finnish words), person name pools, label
 * name parts, editions, genres and the like. Lists are ordered by rough frequency, most common
 * first (the generator weights them Zipf-like by position). Plain data, no I/O.
 */

/** Common English title words, most frequent first (fallback when the database has no titles). */
export const TITLE_WORDS =
  `The of and a in Love Man Night Last Day Life Story Girl Dead Death Time Little Big House Black Blood
World Home Lady Woman Dark Return City Great Secret Red King Heart Dream New Men Girls Island Wild West War Moon Lost
Street Killer Island Fire Rose Star Blue Devil Hell Ghost Money Game Mystery Road Dance Law Angel Kiss Sky Honor Gold
Last Lonely Shadow Shadows River Town Night's Summer Winter Spring Autumn Storm Midnight Wind Sea Ship Murder Crime
Justice Revenge Escape Trail Gun Guns Horse Rider Riders Range Texas Mountain Valley Desert Castle Prince Princess
Queen Brother Sister Father Mother Son Daughter Family Wife Husband Bride Baby Boy Boys Child Children Friend Friends
Stranger Strangers Road Highway Train Station Hotel Room Door Window Mirror Garden Paradise Heaven Fear Terror Horror
Monster Beast Creature Zombie Vampire Werewolf Witch Curse Legend Journey Voyage Adventure Adventures Tale Tales
Wonder Magic Silver Iron Steel Glass Stone Diamond Crystal Golden Green White Yellow Scarlet Crimson Blind Silent
Hidden Broken Burning Falling Rising Running Dying Living Wild Sweet Bitter Cold Hot Hard Deep High Long Young Old
Holy Sacred Savage Brave Bad Good Evil Perfect Final First Second Only Lost Forgotten Stolen Deadly Dangerous Fatal
Private Public Secret Innocent Guilty Wanted Forbidden Eternal Endless American Hollywood Paris London Manhattan
Chicago Berlin Rome Tokyo Mexico Africa China Texas Arizona Alaska Havana Casablanca Vegas Broadway Harbor Bay
Beach Jungle Forest Planet Space Galaxy Earth Sun Stars Universe Future Machine Robot Zone Code Mission Agent Spy
Affair Scandal Confession Promise Secret Lie Lies Truth Chance Fortune Luck Risk Deal Price Debt Return Revenge
Showdown Battle Fight Fighter Soldier Soldiers Army Captain Sergeant Doctor Nurse Detective Sheriff Marshal Judge
Thief Thieves Outlaw Outlaws Gang Cowboy Kid Rebel Hero Heroes Champion Legend Dragon Tiger Wolf Wolves Eagle Hawk
Lion Snake Spider Bird Birds Dog Cat Horse Bear Shark Fox Song Songs Music Melody Rhapsody Blues Jazz Waltz Tango
Party Wedding Holiday Christmas Weekend Sunday Tomorrow Yesterday Today Forever Always Never Again Alone Together
Inside Outside Beyond Under Over Across After Before Behind Without Between Into Out Up Down Away Back Way`
    .split(/\s+/)
    .filter(Boolean);

/**
 * Accented and special-letter words (French, Spanish, German, Nordic, Finnish …) mixed into a few
 * percent of titles so search has to fold accents (lib/text.ts foldText: "Amélie" → "amelie",
 * "Ødegaard" → "odegaard", "Straße" → "strasse").
 */
export const ACCENTED_WORDS =
  `Café Amélie Déjà Vu Fräulein Über Mañana Niño Señorita Crème Brûlée Élan Rosé Naïve Pâtisserie
Garçon Château Éclair Fiancée Soirée Début Résumé Hôtel Forêt Île Été Hélène Noël Zoë Cliché Protégé Détente Mémoire
Müller Straße Mädchen Schön Göttin Königin Grüße Brücke Tür Nächte Hölle Fjäril Kärlek Sjön Höst Älskade Flickan
Ødegaard Søster Kærlighed Blåbær Æventyr Tromsø Ålesund Hämärä Yö Tähti Sää Pääsiäinen Jäätynyt Mörkö Kesä Syksy
Lähtö Hyvästi Ystävä Äiti Isä Pelätty Mökki Järvi Metsä Kuolema Rakkaus Sydän Sielu Varjo Tyttö Poika Koti Öinen
Señor Corazón Canción Pasión Ciudad Mañana Jalapeño Piñata São Coração Ação Nação Ñandú Łódź Kraków Dvořák Škoda
Ångström Bjørn Søren Jürgen Gösta Björk Citroën Noël Saïd Ça Voilà Façade Déjà Naïf Zoë Chloé Renée Josée`
    .split(/\s+/)
    .filter(Boolean);

/** Finnish words for localized (Finnish) titles: Finnish-market releases often carry them. */
export const FINNISH_WORDS =
  `yö kuolema rakkaus veri talo tyttö poika kaupunki sota meri tähti varjo sydän kesä talvi syksy kevät
kosto pako paluu salaisuus kirous pelko kauhu hirviö noita aave paholainen enkeli kuningas kuningatar prinssi
prinsessa sisar veli isä äiti lapset ystävät vieras muukalainen matka seikkailu tarina legenda unelma painajainen
hämärä pimeys valo tuli jää lumi myrsky tuuli metsä järvi joki saari vuori aavikko viidakko laiva juna tie katu
viimeinen ensimmäinen pieni suuri musta punainen valkoinen kultainen hopeinen kylmä kuuma villi vaarallinen kuolettava
salainen kielletty ikuinen kadonnut unohdettu rikos murha oikeus laki rosvo sankari sotilas etsivä tohtori ja`
    .split(/\s+/)
    .filter(Boolean);

/** Words of foreign original titles (French, Italian, German, Spanish, Swedish). */
export const FOREIGN_WORDS =
  `la le les des du de et un une nuit jour amour mort vie femme homme fille garçon ville rouge noir blanc
il la di e una notte giorno amore morte vita donna uomo città rosso nero der die das und ein eine nacht tag liebe tod
leben frau mann stadt rot schwarz el la los las de y una noche día amor muerte vida mujer hombre ciudad rojo negro
en ett och natt dag kärlek död liv kvinna man stad röd svart`
    .split(/\s+/)
    .filter(Boolean);

/** Title words that should not end a title. */
export const STOP_WORDS = new Set([
  'the',
  'of',
  'and',
  'a',
  'an',
  'in',
  'to',
  'for',
  'on',
  'at',
  'with',
  'from',
  'by',
  'or',
  'as',
  'into',
  'ja',
  'de',
  'la',
  'le',
  'les',
  'des',
  'du',
  'un',
  'une',
  'il',
  'di',
  'e',
  'una',
  'der',
  'die',
  'das',
  'ein',
  'eine',
  'el',
  'los',
  'las',
  'en',
  'ett',
  'y',
  'et',
  'und',
  'och',
]);

/** Words kept lower-case inside titles. */
export const LOWER_WORDS = new Set([
  'the',
  'of',
  'and',
  'a',
  'an',
  'in',
  'to',
  'for',
  'on',
  'at',
  'with',
  'from',
  'by',
  'or',
  'as',
]);

/** Sequel markers appended to a franchise title. */
export const SEQUEL_FORMS: ReadonlyArray<(n: number) => string> = [
  (n) => ` ${n}`,
  (n) => ` ${roman(n)}`,
  (n) => `: Part ${roman(n)}`,
  (n) => ` Part ${n}`,
  (n) => ` ${n}: ${n === 2 ? 'The Return' : n === 3 ? 'The Final Chapter' : 'Reborn'}`,
  () => ' Returns',
  () => ' Strikes Back',
  () => ' Reloaded',
  () => ': The Beginning',
  () => ' Forever',
];

/** Roman numeral of 1-39. */
export function roman(n: number): string {
  const tens = ['', 'X', 'XX', 'XXX'][Math.floor(n / 10)] ?? '';
  const ones = ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX'][n % 10];
  return tens + ones;
}

/** First names, most common first (fallback and mixed in with the database's names). */
export const FIRST_NAMES =
  `John James Robert Michael William David Mary Richard Joseph Thomas Charles Patricia Jennifer Linda
Elizabeth Barbara Susan Jessica Sarah Karen Daniel Matthew Anthony Mark Donald Steven Paul Andrew Joshua Kenneth Kevin
Brian George Edward Ronald Timothy Jason Jeffrey Ryan Jacob Gary Nicholas Eric Jonathan Stephen Larry Justin Scott
Nancy Lisa Betty Margaret Sandra Ashley Kimberly Emily Donna Michelle Dorothy Carol Amanda Melissa Deborah Stephanie
Rebecca Sharon Laura Cynthia Kathleen Amy Shirley Angela Helen Anna Brenda Pamela Nicole Emma Samantha Katherine
Christine Debra Rachel Catherine Carolyn Janet Ruth Maria Heather Diane Virginia Julie Joyce Victoria Olivia Kelly
Christina Lauren Joan Evelyn Judith Megan Cheryl Andrea Hannah Martha Jacqueline Frances Gloria Ann Teresa Kathryn
Sara Janice Jean Alice Madison Doris Abigail Julia Judy Grace Denise Amber Marilyn Beverly Danielle Theresa Sophia
Marie Diana Brittany Natalie Isabella Charlotte Rose Alexis Kayla Walter Harold Henry Arthur Albert Frank Fred Louis
Lou Clark Cary Humphrey Bette Greta Marlene Ingrid Audrey Grace Lana Rita Ava Gene Kirk Burt Dean Rock Tab Sidney
Juha Mikko Matti Jukka Timo Kari Antti Pekka Jari Heikki Ville Tuomas Aki Mika Tapio Veikko Eino Toivo Aino Helmi
Anna-Liisa Tuula Pirjo Sirpa Leena Riitta Päivi Sari Minna Johanna Satu Elina Kaisa Sanna Laura Emilia Aleksi Väinö
Lars Anders Johan Erik Nils Karl Per Björn Sven Gunnar Ingmar Liv Astrid Ingrid Sofia Maja Freja Søren Mads Henrik
Jean Pierre Michel Alain Jacques François Philippe Catherine Isabelle Sylvie Nathalie Amélie Hélène Céline Chloé
Hans Peter Wolfgang Jürgen Klaus Günter Uwe Heike Ursula Sabine Marco Giuseppe Giovanni Francesco Sophia Gina
José Juan Carlos Luis Javier Pedro Jesús Ángel Sofía Lucía Carmen Hiroshi Takeshi Kenji Akira Yuki Keiko Toshiro`
    .split(/\s+/)
    .filter(Boolean);

/** Last names, most common first. */
export const LAST_NAMES =
  `Smith Johnson Williams Brown Jones Miller Davis Garcia Rodriguez Wilson Martinez Anderson Taylor
Thomas Hernandez Moore Martin Jackson Thompson White Lopez Lee Gonzalez Harris Clark Lewis Robinson Walker Perez Hall
Young Allen Sanchez Wright King Scott Green Baker Adams Nelson Hill Ramirez Campbell Mitchell Roberts Carter Phillips
Evans Turner Torres Parker Collins Edwards Stewart Flores Morris Nguyen Murphy Rivera Cook Rogers Morgan Peterson
Cooper Reed Bailey Bell Gomez Kelly Howard Ward Cox Diaz Richardson Wood Watson Brooks Bennett Gray James Reyes Cruz
Hughes Price Myers Long Foster Sanders Ross Morales Powell Sullivan Russell Ortiz Jenkins Gutierrez Perry Butler
Barnes Fisher Henderson Coleman Simmons Patterson Jordan Reynolds Hamilton Graham Kim Gonzales Alexander Ramos Wallace
Griffin West Cole Hayes Chavez Gibson Bryant Ellis Stevens Murray Ford Marshall Owens McDonald Harrison Ruiz Kennedy
Wells Alvarez Woods Mendoza Castillo Olson Webb Washington Tucker Freeman Burns Henry Vasquez Snyder Simpson Crawford
Virtanen Korhonen Mäkinen Nieminen Mäkelä Hämäläinen Laine Heikkinen Koskinen Järvinen Lehtonen Lehtinen Saarinen
Salminen Heinonen Niemi Heikkilä Kinnunen Salonen Turunen Salo Laitinen Tuominen Rantanen Karjalainen Jokinen
Mattila Savolainen Lahtinen Ahonen Kaurismäki Hyvönen Pöysti Räsänen Kärkkäinen Ylönen Väänänen Öhman Åberg
Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson Gustafsson Bergman Sjöström Lindqvist
Hansen Jensen Nielsen Pedersen Christensen Larsen Sørensen Rasmussen Jørgensen Madsen Kristensen Olsen Østergaard
Dubois Lefèvre Moreau Laurent Girard Bonnet Dupont Lambert Fontaine Rousseau Vincent Müller Schmidt Schneider
Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch Bauer Richter Klein Wolf Schröder Neumann Rossi
Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti Costa Fernández López Martínez
Sánchez Pérez Gómez Martín Jiménez Ruiz Hernández Díaz Moreno Muñoz Álvarez Romero Tanaka Suzuki Watanabe Kurosawa`
    .split(/\s+/)
    .filter(Boolean);

/** Character names for actors' credits that are roles rather than names. */
export const CHARACTER_ROLES =
  `Himself, Herself, Narrator, Detective, Sheriff, Nurse, Doctor, Bartender, Waitress, Taxi Driver,
Reporter, Police Officer, Young Woman, Old Man, Henchman, Guard, Soldier, Priest, Nun, Maid, Butler, Stranger, Thug, Bystander,
Singer, Dancer, Mayor, Judge, Lawyer, Pilot, Captain, Professor, Student, Teacher, Clerk, Neighbor, Landlady, Mother, Father,
Little Girl, Little Boy, Bride, Groom, Vampire, Zombie, Creature, Ghost, Witch, Robot, Alien, Scientist, Agent, Mechanic, Cowboy,
Gambler, Bandit`
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Label name stems (first word of synthetic label names). */
export const LABEL_STEMS =
  `Silver Crimson Midnight Nordic Blue Golden Arrowhead Northern Eclipse Phoenix Falcon Harbor Lighthouse
Orbit Lantern Aurora Polar Boreal Vortex Cinder Ember Velvet Onyx Cobalt Saffron Obsidian Juniper Maple Cedar
Redwood Granite Marble Raven Heron Lynx Otter Badger Fox Stag Hawk Owl Condor Atlas Titan Vanguard Pioneer Frontier
Horizon Meridian Zenith Apex Summit Cascade Delta Prism Spectrum Mosaic Kaleidoscope Panorama Vista Cinema Reel
Celluloid Kino Filmi Revontuli Pohjola Kuu Tähti Susi Karhu Ilves Kotka Myrsky Lumi Norrsken Fjäll Stjärna Havet
Skandia Baltic Hansa Rhein Alpen Montmartre Riviera Lido Vesuvio Sierra Pacific Atlantic Sunset Sunrise Coyote
Mustang Bronco Thunder Lightning Neon Chrome Tungsten Mercury Uranus Saturn Jupiter Pegasus Orion Sirius Vega Nova`
    .split(/\s+/)
    .filter(Boolean);

/** Second words of two-word label names. */
export const LABEL_MIDDLES =
  `Screen Vision Sound Light Frame Picture Image Lens Star Moon Sun Gate Bridge House Hall Tower Arts Media
Cult Classic Vintage Retro Prime Select Premier Royal Grand Bay River Valley Peak Ridge Field Road Line Wave`
    .split(/\s+/)
    .filter(Boolean);

/** Label name suffixes by country (ISO code); "" = all countries. */
export const LABEL_SUFFIXES: Record<string, readonly string[]> = {
  '': [
    'Video',
    'Home Video',
    'Home Entertainment',
    'Films',
    'Pictures',
    'Media',
    'Entertainment',
    'Classics',
    'Distribution',
    'Releasing',
    'Collection',
    'Cinema',
  ],
  FI: ['Video Oy', 'Filmi Oy', 'Kotivideo', 'Elokuvat', 'Video'],
  SE: ['Film AB', 'Video AB', 'Filmdistribution'],
  NO: ['Film AS', 'Video AS'],
  DK: ['Film A/S', 'Video ApS'],
  DE: ['Filmverleih', 'Home Video GmbH', 'Medien', 'Filmkunst'],
  FR: ['Vidéo', 'Éditions', 'Films'],
  IT: ['Home Video', 'Cinematografica'],
  ES: ['Vídeo', 'Distribución'],
  JP: ['Video', 'Pictures'],
};

/** Label group (series) names. */
export const LABEL_GROUPS = [
  'Classics',
  'Cult Collection',
  'Premium Collection',
  'Arthouse',
  'Masters of Cinema',
  'Horror Vault',
  'Family',
  'Essentials',
  'Limited Editions',
  'Kauhuklassikot',
];

/** Edition words of releases, most common first. */
export const EDITIONS = [
  'Special Edition',
  'Steelbook',
  "Collector's Edition",
  'Limited Edition',
  "Director's Cut",
  'Remastered',
  'Extended Edition',
  'Anniversary Edition',
  'Uncut',
  'Deluxe Edition',
  '2-Disc Special Edition',
  'Ultimate Edition',
  'Mediabook',
  'Digibook',
  'Best Buy-exclusive Steelbook',
  'Walmart-exclusive',
  'Theatrical Cut',
  'Unrated',
  'Keräilijän painos',
  'Erikoisjulkaisu',
  'Édition Spéciale',
  'Sonderedition',
  'Edición Coleccionista',
];

/** Genres as the sources name them. */
export const GENRES = [
  'Drama',
  'Comedy',
  'Thriller',
  'Action',
  'Horror',
  'Romance',
  'Crime',
  'Adventure',
  'Science Fiction',
  'Mystery',
  'Fantasy',
  'Family',
  'Animation',
  'Western',
  'War',
  'Musical',
  'History',
  'Music',
];

/** Production countries (TMDb English names) with their spoken language, most common first. */
export const PRODUCTION_COUNTRIES: ReadonlyArray<readonly [string, string]> = [
  ['United States of America', 'English'],
  ['United Kingdom', 'English'],
  ['France', 'French'],
  ['Germany', 'German'],
  ['Italy', 'Italian'],
  ['Japan', 'Japanese'],
  ['Finland', 'Finnish'],
  ['Sweden', 'Swedish'],
  ['Canada', 'English'],
  ['Spain', 'Spanish'],
  ['Denmark', 'Danish'],
  ['Norway', 'Norwegian'],
  ['Hong Kong', 'Cantonese'],
  ['Australia', 'English'],
  ['Mexico', 'Spanish'],
  ['South Korea', 'Korean'],
];

/** Words of cut details. */
export const CUT_SUBJECTS = [
  'violence',
  'gore',
  'sexual violence',
  'drug use',
  'animal cruelty',
  'martial arts weapons',
  'strong language',
  'torture',
  'nudity',
  'dangerous imitable techniques',
];

/** Aspect ratios, most common first. */
export const ASPECT_RATIOS = ['1.85:1', '2.39:1', '1.78:1', '2.35:1', '1.33:1', '1.66:1', '2.40:1', '1.37:1', '2.20:1'];
