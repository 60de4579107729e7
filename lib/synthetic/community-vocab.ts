/**
 * Word lists of the synthetic community (reviews, discussions, comments, user names): short
 * phrases per language ("en", "fi" and, for "other", Swedish) that the generator combines into
 * headlines, ingresses, bodies and comments. Fixed lists, so the same seed gives the same text.
 */

/** The languages of reviews and posts. */
export type CommunityLanguage = 'en' | 'fi' | 'other';

/** Phrase banks of one language. */
export type PhraseBank = {
  /** Review headlines without the movie's name. */
  verdicts: readonly string[];
  /** Sentence subjects about a film or a disc. */
  subjects: readonly string[];
  /** Verbs joining a subject and a complement. */
  verbs: readonly string[];
  /** What the subject is like. */
  complements: readonly string[];
  /** Whole sentences of comments and replies. */
  replies: readonly string[];
  /** Discussion headlines; `{movie}` is a movie's name, `{year}` a year, `{n}` a small number. */
  topics: readonly string[];
  /** Discussion headlines about a movie (`{movie}` is its name). */
  movieTopics: readonly string[];
};

const lines = (s: string): string[] =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** Phrase banks by language; "other" is Swedish. */
export const PHRASES: Record<CommunityLanguage, PhraseBank> = {
  en: {
    verdicts: lines(`A must-own disc
Great film, weak transfer
Finally done right
Worth the upgrade
Skip this edition
The definitive release
Better than I remembered
A flawed classic
Solid but unspectacular
Stunning restoration
Disappointing extras
Overpriced steelbook
A hidden gem
Not for everyone
Pure nostalgia
Still holds up
Beautiful packaging, average film
The best version so far
Cropped and disappointing
An underrated thriller
Rewatchable every year
A cult favourite on disc
Great sound, soft picture
My new comfort movie
Not as good as the hype
A true collector's item
The extras make it
Fun from start to finish
Slow but rewarding
A mess of a release`),
    subjects: lines(`The picture
The sound mix
The transfer
This disc
The film
The story
The cast
The extra material
The packaging
The steelbook
The commentary track
The restoration
The score
The director's cut
The ending
The Finnish subtitle track
The Dolby Atmos track
The grain
The colour grading
The first half
The menu
The booklet
The slipcover
The old VHS tape
The theatrical cut
The lead actor
The villain
The pacing
The dialogue
The 4K version`),
    verbs: lines(`is
looks
sounds
feels
holds up as
comes across as
remains
turned out`),
    complements: lines(`sharp and clean
better than the old DVD
a little soft in the dark scenes
absolutely stunning
a real disappointment
far too loud
surprisingly good
worth every cent
faithful to the cinema release
noisy in places
a big step up from the Blu-ray
exactly what fans wanted
dated but charming
tense and well made
overlong by twenty minutes
beautifully restored
the weakest part
a joy to watch
hard to find these days
cheaply made
close to perfect
too dark on my television
full of nice details
easy to recommend
a bit of a letdown`),
    replies: lines(`Agreed, this one is a keeper.
Thanks for the review!
I have the same edition and it looks great.
Does the Finnish release have the same extras?
I prefer the old DVD to be honest.
Great write-up, I ordered a copy.
The steelbook sold out in a day here.
Which region is your copy?
I found mine at a flea market for two euros.
Is the commentary worth listening to?
Couldn't disagree more.
The 4K is a clear upgrade, trust me.
My copy came with a slipcover too.
Good point about the subtitles.
Has anyone compared it with the UK disc?
I watched it again last night because of this.
Still waiting for a proper Blu-ray release.
The VHS cover art was much better.
That ending still gets me.
Nice find!`),
    topics: lines(`Best 4K releases of {year}?
Collection update: {n} new discs this month
Anyone else collecting steelbooks?
Finnish rental tapes: what to look for
Is 4K worth it over Blu-ray?
Help identifying an old VHS cover
Favourite boutique labels?
How do you store your collection?
Flea market finds of the week
Upcoming releases worth pre-ordering
Region-free players: recommendations?
Cut versions on Finnish VHS
Show your shelves
Underrated films on DVD
What did you watch this weekend?
Best horror releases of {year}
Disc rot: how to spot it
Slipcovers: keep or throw away?
Import or wait for a local release?
Top {n} Blu-rays under ten euros`),
    movieTopics: lines(`Which edition of {movie} should I buy?
{movie}: the new 4K release
{movie} rewatch thread
Is {movie} worth it on Blu-ray?
{movie}: cut or uncut?
Best release of {movie}?
{movie} discussion (spoilers)`),
  },
  fi: {
    verdicts: lines(`Pakollinen hankinta
Hieno elokuva, heikko julkaisu
Vihdoin kunnolla tehty
Päivityksen arvoinen
Jätä väliin
Lopullinen julkaisu
Parempi kuin muistin
Unohdettu helmi
Upea restaurointi
Pettymys
Nostalgiaa parhaimmillaan
Kestää yhä aikaa
Hyvä ääni, pehmeä kuva
Kallis mutta kaunis
Kulttiklassikko levyllä
Ei kaikille
Lisämateriaalit pelastavat
Hauska alusta loppuun
Hidas mutta palkitseva
Keräilijän unelma`),
    subjects: lines(`Kuva
Ääni
Elokuva
Levy
Tarina
Lisämateriaali
Kotelo
Näyttelijäsuoritus
Musiikki
Loppu
Suomenkielinen tekstitys
Restaurointi
Vanha VHS-kasetti
Ohjaajan versio
Kommenttiraita
Pahis
Rytmitys
Kansikuva`),
    verbs: lines(`on
oli
on mielestäni
on ehdottomasti
oli yllättäen`),
    complements: lines(`erinomainen
hieman pehmeä
parempi kuin vanhalla DVD:llä
aivan loistava
pettymys
yllättävän hyvä
jokaisen sentin arvoinen
liian tumma
täynnä yksityiskohtia
helppo suositella
vanhentunut mutta hurmaava
jännittävä ja hyvin tehty
turhan pitkä
kauniisti entisöity
elokuvan heikoin kohta
lähes täydellinen`),
    replies: lines(`Samaa mieltä, tämä on säilyttämisen arvoinen.
Kiitos arvostelusta!
Minulla on sama painos ja kuva on hieno.
Onko suomijulkaisussa samat lisämateriaalit?
Vanha DVD oli mielestäni parempi.
Hyvä kirjoitus, tilasin oman kappaleen.
Steelbook myytiin loppuun päivässä.
Löysin omani kirpputorilta kahdella eurolla.
Kannattaako kommenttiraita kuunnella?
Täysin eri mieltä.
4K on selvä parannus.
Katsoin tämän eilen uudestaan.
Odotan yhä kunnon Blu-ray-julkaisua.
VHS-kansi oli paljon hienompi.
Hieno löytö!`),
    topics: lines(`Vuoden {year} parhaat 4K-julkaisut?
Kokoelmapäivitys: {n} uutta levyä
Keräätkö steelbookeja?
Vuokrakasetit: mihin kiinnittää huomiota
Kannattaako 4K Blu-rayn sijaan?
Auta tunnistamaan vanha VHS-kansi
Lempijulkaisijat?
Miten säilytät kokoelmasi?
Viikon kirpputorilöydöt
Tulevat julkaisut, jotka kannattaa ennakkotilata
Leikatut versiot suomalaisilla kaseteilla
Esittele hyllysi
Mitä katsoit viikonloppuna?
Vuoden {year} parhaat kauhujulkaisut`),
    movieTopics: lines(`Mikä {movie}-julkaisu kannattaa ostaa?
{movie}: uusi 4K-julkaisu
{movie} uudelleenkatselu
Onko {movie} Blu-rayna hintansa arvoinen?
{movie}: leikattu vai leikkaamaton?`),
  },
  other: {
    verdicts: lines(`Ett måste i samlingen
Bra film, svag utgåva
Äntligen rätt gjord
Värd uppgraderingen
En bortglömd pärla
Fantastisk restaurering
En besvikelse
Ren nostalgi
Håller fortfarande
Inte för alla`),
    subjects: lines(`Bilden
Ljudet
Filmen
Skivan
Historien
Extramaterialet
Förpackningen
Musiken
Slutet
Den gamla videokassetten`),
    verbs: lines(`är
var
känns
ser ut att vara`),
    complements: lines(`skarp och ren
bättre än den gamla DVD:n
lite mjuk i mörka scener
helt fantastisk
en besvikelse
förvånansvärt bra
värd varenda krona
för mörk
full av detaljer
lätt att rekommendera`),
    replies: lines(`Håller med, den här är en klassiker.
Tack för recensionen!
Jag har samma utgåva.
Har den svenska utgåvan samma extramaterial?
Jag föredrar den gamla DVD:n.
Bra skrivet, jag beställde ett exemplar.
Helt fel enligt mig.
Snyggt fynd!`),
    topics: lines(`Bästa 4K-utgåvorna {year}?
Samlingsuppdatering: {n} nya skivor
Samlar du på steelbooks?
Visa dina hyllor
Vad såg du i helgen?`),
    movieTopics: lines(`Vilken utgåva av {movie} ska jag köpa?
{movie}: den nya 4K-utgåvan
{movie}: klippt eller oklippt?`),
  },
};

/** First parts of collector handles ("VHSHunter", "kauhukerailija"). */
export const HANDLE_PREFIXES = lines(`VHS
DVD
Bluray
4K
Disc
Cult
Horror
Kauhu
Retro
Steelbook
Tape
Laser
Cinema
Movie
Film
Leffa
Elokuva
Video
Kasetti
Noir
Giallo
Western
Scifi
Kung Fu
Midnight`);

/** Second parts of collector handles. */
export const HANDLE_SUFFIXES = lines(`Hunter
Collector
Fan
Junkie
Keräilijä
Nerd
Maniac
Addict
Guy
Girl
Vault
Shelf
Hoarder
Head
Lover
Hullu
Friikki
Kingdom
Archive
Den`);
