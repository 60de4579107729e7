/**
 * The synthetic community of one run: a pool of member accounts, reviews of the catalogue's
 * movies and releases, discussions (posts), comments (comments on reviews and replies to posts)
 * and likes of all three. Planned first (times, authors, languages, comment and like counts per
 * thread), so every counter is known before its table is written; then COPY lines per table in
 * the order users → reviews → comments → posts (a post's `last_activity_at` is its newest reply)
 * → likes.
 *
 * Values are what the data layer writes (lib/data/reviews.ts, posts.ts, comments.ts):
 * `search_text` is `searchDocument(headline, ingress, body)` for a review and
 * `searchDocument(headline, body)` for a post; `comments_count` and `likes_count` count the rows
 * written; `last_activity_at` is the newest reply's time (or the post's own). Text is plain, made
 * from the phrase banks of ./community-vocab.ts in the thread's language (en, fi, other); ratings
 * are buckets 1-5, the release, picture, sound, extras and package ratings only on reviews with a
 * linked release; times fall between 2008 and mid-2026, growing towards the later years, replies
 * after their thread, likes after their item, each by a member who had joined by then.
 *
 * Synthetic accounts are recognisable by their e-mail address `u<n>.s<seed>@synthetic.invalid`
 * (no password: they cannot log in); their public ids, like every public id here, are
 * `publicIdFor(entity, 'synthetic:<seed>:<entity>:<n>')`.
 */
import type postgres from 'postgres';
import { publicIdFor } from '@/lib/import/catalog';
import { foldText, searchDocument } from '@/lib/text';
import { COUNTRIES, COUNTRY_IDS } from '@/lib/validation/enums';
import { syntheticEmail } from './accounts';
import { HANDLE_PREFIXES, HANDLE_SUFFIXES, PHRASES, type CommunityLanguage, type PhraseBank } from './community-vocab';
import { NULL, num, text } from './copy';
import { civilFromDays, CREATED_MAX_DAY, isoTimestamp, SITE_START_DAY } from './dates';
import type { SyntheticCatalog } from './generate';
import { permutation, Rng, WeightedList } from './random';
import { FIRST_NAMES, LAST_NAMES } from './vocab';

/** Row counts of the community part of a run. */
export type CommunityScale = { users: number; reviews: number; posts: number; comments: number; seed: number };

/** What the community part reads before writing: highest ids and the user name keys in use. */
export type CommunityContext = {
  maxId: { users: number; reviews: number; posts: number; comments: number };
  /** `users.name_key` of every account (new names must differ). */
  userNameKeys: Set<string>;
};

/** Reads the {@link CommunityContext}. */
export async function loadCommunityContext(tx: postgres.TransactionSql): Promise<CommunityContext> {
  const [max] = await tx<CommunityContext['maxId'][]>`
    SELECT (SELECT coalesce(max(id), 0) FROM users)::int AS users, (SELECT coalesce(max(id), 0) FROM reviews)::int AS reviews,
           (SELECT coalesce(max(id), 0) FROM posts)::int AS posts, (SELECT coalesce(max(id), 0) FROM comments)::int AS comments`;
  const keys = await tx<{ name_key: string }[]>`SELECT name_key FROM users`;
  return { maxId: max, userNameKeys: new Set(keys.map((k) => k.name_key)) };
}

const DAY = 86_400;
/** First and last second (since 1970, UTC) of community activity. */
const START = SITE_START_DAY * DAY;
const END = (CREATED_MAX_DAY + 1) * DAY - 1;
const SPAN = END - START;

const LANGUAGES = WeightedList.of<CommunityLanguage>([
  ['en', 65],
  ['fi', 28],
  ['other', 7],
]);
const LANGUAGE_CODES: readonly CommunityLanguage[] = ['en', 'fi', 'other'];
/** Movie ratings: mostly good, as on review sites. */
const RATINGS = WeightedList.of<number>([
  [5, 30],
  [4, 38],
  [3, 20],
  [2, 8],
  [1, 4],
]);
/** Watch sources (lib/validation WATCH_SOURCES ids 1-6) of reviews without a release. */
const WATCH_SOURCES = WeightedList.of<number>([
  [1, 25],
  [2, 30],
  [3, 20],
  [4, 5],
  [5, 15],
  [6, 5],
]);
const USER_COUNTRIES = COUNTRY_IDS.filter((c) => c !== COUNTRIES.NORDIC);
const YOUTUBE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** COPY timestamp of a second since 1970 (UTC). */
function ts(seconds: number): string {
  const s = Math.floor(seconds);
  return isoTimestamp(Math.floor(s / DAY), s % DAY);
}

/** A count with many zeros and a long tail: 0 with `zero`, else 1 + an exponential of `mean`, sometimes ten times more. */
function tailCount(rng: Rng, zero: number, mean: number): number {
  if (rng.chance(zero)) return 0;
  const base = -Math.log(1 - rng.next()) * mean;
  return 1 + Math.floor(rng.chance(0.02) ? base * 10 : base);
}

/** A step coprime with n (n ≥ 1) near n · 0.618, for visiting [0, n) in a scattered order. */
function coprimeStep(n: number): number {
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  let step = Math.max(1, Math.floor(n * 0.6180339887));
  while (gcd(step, n) !== 1) step++;
  return step;
}

/**
 * The synthetic community for one run: construct with the catalogue (its movies and releases are
 * what reviews and posts are about), the context and scale, call {@link plan}, then the line
 * generators in the order of the module doc.
 */
export class SyntheticCommunity {
  /** Rows written per table (filled as lines are generated). */
  readonly written = { users: 0, reviews: 0, posts: 0, comments: 0, likes: 0 };
  readonly base: CommunityContext['maxId'];

  private uCreated: Float64Array;
  private rTime: Float64Array;
  private rAuthor: Int32Array;
  private rLang: Uint8Array;
  private rComments: Int32Array;
  private rLikes: Int32Array;
  private rHeadline: string[];
  private pTime: Float64Array;
  private pAuthor: Int32Array;
  private pLang: Uint8Array;
  private pComments: Int32Array;
  private pLikes: Int32Array;
  private pLast: Float64Array;
  private cTime: Float64Array;
  private cAuthor: Int32Array;
  private cLikes: Int32Array;

  constructor(
    private cat: SyntheticCatalog,
    private ctx: CommunityContext,
    readonly scale: CommunityScale,
  ) {
    this.base = ctx.maxId;
    const { users: U, reviews: R, posts: P, comments: C } = scale;
    this.uCreated = new Float64Array(U);
    this.rTime = new Float64Array(R);
    this.rAuthor = new Int32Array(R);
    this.rLang = new Uint8Array(R);
    this.rComments = new Int32Array(R);
    this.rLikes = new Int32Array(R);
    this.rHeadline = new Array<string>(R);
    this.pTime = new Float64Array(P);
    this.pAuthor = new Int32Array(P);
    this.pLang = new Uint8Array(P);
    this.pComments = new Int32Array(P);
    this.pLikes = new Int32Array(P);
    this.pLast = new Float64Array(P);
    this.cTime = new Float64Array(C);
    this.cAuthor = new Int32Array(C);
    this.cLikes = new Int32Array(C);
  }

  private rng(stream: string): Rng {
    return new Rng(this.scale.seed, `community:${stream}`);
  }

  private sourceKey(entity: 'user' | 'review' | 'post' | 'comment', n: number): string {
    return `synthetic:${this.scale.seed}:${entity}:${n}`;
  }

  /** Index of a member who had joined by `t`: the earliest members are the most active. */
  private author(rng: Rng, t: number): number {
    const U = this.scale.users;
    const f = Math.max(0, Math.min(1, (t - START) / SPAN));
    const joined = Math.max(1, Math.min(U, Math.floor(U * f * f)));
    return Math.min(joined - 1, Math.floor(joined * Math.pow(rng.next(), 2)));
  }

  /** Ascending times of item `i` of `n`, growing towards the later years (density ∝ time since 2008). */
  private static timeAt(rng: Rng, i: number, n: number): number {
    return START + SPAN * Math.sqrt((i + rng.next()) / n);
  }

  /**
   * Plans member join times, review and post times, authors and languages, comments per thread
   * and likes of reviews and posts.
   * @throws when reviews or posts are asked for without members or movies, or comments without threads
   */
  plan(): void {
    const { users: U, reviews: R, posts: P, comments: C } = this.scale;
    if ((R > 0 || P > 0) && U === 0) throw new Error('Reviews and discussions need members: give --users > 0.');
    if ((R > 0 || P > 0) && this.cat.movieCount === 0)
      throw new Error('Reviews and discussions need movies: give --movies > 0 or import the seed first.');
    if (C > 0 && R + P === 0) throw new Error('Comments need reviews or discussions: give --reviews or --posts > 0.');
    const rng = this.rng('plan');
    for (let i = 0; i < U; i++) this.uCreated[i] = i === 0 ? START : SyntheticCommunity.timeAt(rng, i, U);
    for (let j = 0; j < R; j++) {
      this.rTime[j] = SyntheticCommunity.timeAt(rng, j, R);
      this.rAuthor[j] = this.author(rng, this.rTime[j]);
      this.rLang[j] = LANGUAGE_CODES.indexOf(LANGUAGES.sample(rng));
      this.rLikes[j] = Math.min(U - 1, tailCount(rng, 0.35, 2.5));
    }
    for (let p = 0; p < P; p++) {
      this.pTime[p] = SyntheticCommunity.timeAt(rng, p, P);
      this.pAuthor[p] = this.author(rng, this.pTime[p]);
      this.pLang[p] = LANGUAGE_CODES.indexOf(LANGUAGES.sample(rng));
      this.pLikes[p] = Math.min(U - 1, tailCount(rng, 0.5, 1.5));
      this.pLast[p] = this.pTime[p];
    }
    // Comments: six in ten are replies to discussions; a few threads draw most of them.
    const popularReview = permutation(R, this.scale.seed * 13 + 5);
    const popularPost = permutation(P, this.scale.seed * 17 + 7);
    for (let c = 0; c < C; c++) {
      if (P > 0 && (R === 0 || rng.chance(0.6))) this.pComments[popularPost(rng.powerRank(P, 2))]++;
      else this.rComments[popularReview(rng.powerRank(R, 2.5))]++;
    }
  }

  // ------------------------------------------------------------------ users

  /** COPY columns of users. */
  static readonly USER_COLUMNS = [
    'id',
    'public_id',
    'name',
    'name_key',
    'email',
    'role',
    'country',
    'created_at',
    'updated_at',
  ];

  /** A user name: a real-looking name or a collector handle, unique by its folded key. */
  private userName(rng: Rng): string {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const r = rng.next();
    let name =
      r < 0.3
        ? `${first} ${last}`
        : r < 0.55
          ? `${first.toLowerCase()}${last.charAt(0).toLowerCase()}${rng.range(10, 99)}`
          : r < 0.85
            ? `${rng.pick(HANDLE_PREFIXES)}${rng.pick(HANDLE_SUFFIXES)}${rng.chance(0.5) ? rng.range(1, 999) : ''}`
            : `${first}${rng.range(1950, 2008)}`;
    name = name.slice(0, 34);
    let key = foldText(name);
    for (let k = 2; !key || this.ctx.userNameKeys.has(key); k++) {
      name = `${name.replace(/_\d+$/, '')}_${k}`;
      key = foldText(name);
    }
    this.ctx.userNameKeys.add(key);
    return name;
  }

  /** Member accounts in id order: basic role, no password (they cannot log in), no lists yet. */
  *userLines(): Generator<string> {
    const rng = this.rng('users');
    for (let i = 0; i < this.scale.users; i++) {
      const n = i + 1;
      const name = this.userName(rng);
      const country = rng.chance(0.1) ? null : rng.chance(0.6) ? COUNTRIES.FI : rng.pick(USER_COUNTRIES);
      const created = ts(this.uCreated[i]);
      this.written.users++;
      yield (
        [
          this.base.users + n,
          publicIdFor('user', this.sourceKey('user', n)),
          text(name),
          text(foldText(name)),
          syntheticEmail(this.scale.seed, n),
          'basic',
          num(country),
          created,
          created,
        ].join('\t') + '\n'
      );
    }
  }

  // ------------------------------------------------------------------ text

  private static bank(lang: number): PhraseBank {
    return PHRASES[LANGUAGE_CODES[lang]];
  }

  private static sentence(rng: Rng, b: PhraseBank): string {
    return `${rng.pick(b.subjects)} ${rng.pick(b.verbs)} ${rng.pick(b.complements)}.`;
  }

  /** Plain-text paragraphs (separated by blank lines) of `min`-`max` sentences each. */
  private static paragraphs(rng: Rng, b: PhraseBank, count: number, min: number, max: number): string {
    const out: string[] = [];
    for (let p = 0; p < count; p++) {
      const n = rng.range(min, max);
      const s: string[] = [];
      for (let i = 0; i < n; i++) s.push(rng.chance(0.15) ? rng.pick(b.replies) : SyntheticCommunity.sentence(rng, b));
      out.push(s.join(' '));
    }
    return out.join('\n\n');
  }

  private static timeAfter(rng: Rng, t: number, meanDays: number): number {
    const days = -Math.log(1 - rng.next()) * meanDays * (rng.chance(0.1) ? 10 : 1);
    return Math.min(END, t + days * DAY);
  }

  // ------------------------------------------------------------------ reviews

  /** COPY columns of reviews. */
  static readonly REVIEW_COLUMNS = [
    'id',
    'public_id',
    'user_id',
    'movie_id',
    'release_id',
    'headline',
    'ingress',
    'body',
    'language',
    'watch_source',
    'youtube_url',
    'youtube_id',
    'rating_movie',
    'rating_release',
    'rating_picture',
    'rating_sound',
    'rating_extras',
    'rating_package',
    'search_text',
    'likes_count',
    'comments_count',
    'created_at',
    'updated_at',
  ];

  /**
   * Reviews in id order (= time order): 45 % of a release (its movie reviewed with it, all six
   * ratings possible), the rest of a movie (a movie rating and often where it was watched); a
   * headline that names the movie in three of ten; an ingress in seven of ten; 1-4 paragraphs;
   * 3 % with a YouTube video.
   */
  *reviewLines(): Generator<string> {
    const rng = this.rng('reviews');
    for (let j = 0; j < this.scale.reviews; j++) {
      const n = j + 1;
      const b = SyntheticCommunity.bank(this.rLang[j]);
      const release = rng.chance(0.45) ? this.cat.pickRelease(rng) : null;
      const movie = release ? { id: release.movieId, name: release.movieName } : this.cat.pickMovie(rng)!;
      const verdict = rng.pick(b.verdicts);
      const headline = (rng.chance(0.3) ? `${movie.name}: ${verdict}` : verdict).slice(0, 200);
      this.rHeadline[j] = headline;
      const ingress = rng.chance(0.7) ? SyntheticCommunity.sentence(rng, b) : null;
      const body = SyntheticCommunity.paragraphs(rng, b, rng.range(1, 4), 2, 5);
      const rated = rng.chance(0.92);
      const movieRating = rated ? RATINGS.sample(rng) : null;
      const aspect = () =>
        release && rng.chance(0.85)
          ? Math.max(1, Math.min(5, (movieRating ?? 4) + rng.range(-1, 1) + (rng.chance(0.1) ? rng.range(-1, 1) : 0)))
          : null;
      const ratings = [movieRating, aspect(), aspect(), aspect(), aspect(), aspect()];
      const watchSource = !release && rng.chance(0.4) ? WATCH_SOURCES.sample(rng) : null;
      let youtubeId: string | null = null;
      if (rng.chance(0.03)) {
        youtubeId = '';
        for (let k = 0; k < 11; k++) youtubeId += YOUTUBE_ALPHABET[rng.int(64)];
      }
      const created = this.rTime[j];
      const updated = rng.chance(0.15) ? SyntheticCommunity.timeAfter(rng, created, 5) : created;
      this.written.reviews++;
      yield (
        [
          this.base.reviews + n,
          publicIdFor('review', this.sourceKey('review', n)),
          this.base.users + this.rAuthor[j] + 1,
          movie.id,
          num(release?.id),
          text(headline),
          text(ingress),
          text(body),
          LANGUAGE_CODES[this.rLang[j]],
          num(watchSource),
          youtubeId ? `https://www.youtube.com/watch?v=${youtubeId}` : NULL,
          text(youtubeId),
          ...ratings.map(num),
          text(searchDocument(headline, ingress, body)),
          this.rLikes[j],
          this.rComments[j],
          ts(created),
          ts(updated),
        ].join('\t') + '\n'
      );
    }
  }

  // ------------------------------------------------------------------ comments

  /** COPY columns of comments. */
  static readonly COMMENT_COLUMNS = [
    'id',
    'public_id',
    'user_id',
    'review_id',
    'post_id',
    'reply_to_id',
    'body',
    'likes_count',
    'created_at',
    'updated_at',
  ];

  /**
   * Comments thread by thread (the reviews' comments, then the discussions' replies), each
   * thread's in time order after the thread itself (days to months later), a third replying to
   * an earlier comment of the same thread; 1-3 sentences in the thread's language. Records each
   * post's newest reply for its `last_activity_at`.
   */
  *commentLines(): Generator<string> {
    const rng = this.rng('comments');
    this.nextComment = 0;
    for (let j = 0; j < this.scale.reviews; j++) yield* this.threadLines(rng, 'review', j);
    for (let p = 0; p < this.scale.posts; p++) yield* this.threadLines(rng, 'post', p);
  }

  private nextComment = 0;

  /** The comments of one thread (review or post index `t`), see {@link commentLines}. */
  private *threadLines(rng: Rng, kind: 'review' | 'post', t: number): Generator<string> {
    const count = kind === 'review' ? this.rComments[t] : this.pComments[t];
    if (!count) return;
    const t0 = kind === 'review' ? this.rTime[t] : this.pTime[t];
    const b = SyntheticCommunity.bank(kind === 'review' ? this.rLang[t] : this.pLang[t]);
    const times = Array.from({ length: count }, () => SyntheticCommunity.timeAfter(rng, t0 + 60, 12)).sort(
      (x, y) => x - y,
    );
    const first = this.nextComment;
    for (let k = 0; k < count; k++) {
      const c = this.nextComment++;
      const n = c + 1;
      const time = times[k];
      const author = this.author(rng, time);
      const replyTo = k > 0 && rng.chance(0.35) ? this.base.comments + first + rng.int(k) + 1 : null;
      const sentences = [rng.pick(b.replies)];
      for (let s = rng.int(3); s > 0; s--) sentences.push(SyntheticCommunity.sentence(rng, b));
      if (rng.chance(0.3)) sentences.reverse();
      const likes = Math.min(this.scale.users - 1, tailCount(rng, 0.75, 1));
      this.cTime[c] = time;
      this.cAuthor[c] = author;
      this.cLikes[c] = likes;
      if (kind === 'post' && time > this.pLast[t]) this.pLast[t] = time;
      const updated = rng.chance(0.05) ? SyntheticCommunity.timeAfter(rng, time, 1) : time;
      this.written.comments++;
      yield (
        [
          this.base.comments + n,
          publicIdFor('comment', this.sourceKey('comment', n)),
          this.base.users + author + 1,
          kind === 'review' ? this.base.reviews + t + 1 : NULL,
          kind === 'post' ? this.base.posts + t + 1 : NULL,
          num(replyTo),
          text(sentences.join(' ')),
          likes,
          ts(time),
          ts(updated),
        ].join('\t') + '\n'
      );
    }
  }

  // ------------------------------------------------------------------ posts

  /** COPY columns of posts. */
  static readonly POST_COLUMNS = [
    'id',
    'public_id',
    'user_id',
    'headline',
    'body',
    'language',
    'movie_id',
    'release_id',
    'review_id',
    'search_text',
    'likes_count',
    'comments_count',
    'last_activity_at',
    'created_at',
    'updated_at',
  ];

  /**
   * Discussions in id order (= time order), after the comments (their newest reply is the
   * activity time): 30 % about a movie, 10 % a release, 12 % a review written before them, the
   * rest general collecting topics; 1-3 paragraphs.
   */
  *postLines(): Generator<string> {
    const rng = this.rng('posts');
    const R = this.scale.reviews;
    let reviewsBefore = 0;
    for (let p = 0; p < this.scale.posts; p++) {
      const n = p + 1;
      const b = SyntheticCommunity.bank(this.pLang[p]);
      const created = this.pTime[p];
      while (reviewsBefore < R && this.rTime[reviewsBefore] <= created) reviewsBefore++;
      let movieId: number | null = null;
      let releaseId: number | null = null;
      let reviewId: number | null = null;
      let headline: string;
      const u = rng.next();
      const release = u >= 0.3 && u < 0.4 ? this.cat.pickRelease(rng) : null;
      if (u < 0.3 || release) {
        const movie = release ? { id: release.movieId, name: release.movieName } : this.cat.pickMovie(rng)!;
        if (release) releaseId = release.id;
        else movieId = movie.id;
        headline = rng.pick(b.movieTopics).replace('{movie}', movie.name);
      } else if (u < 0.52 && reviewsBefore > 0) {
        const j = reviewsBefore - 1 - rng.powerRank(reviewsBefore, 1.5);
        reviewId = this.base.reviews + j + 1;
        headline = `Re: ${this.rHeadline[j]}`;
      } else {
        const [year] = civilFromDays(Math.floor(created / DAY));
        headline = rng
          .pick(b.topics)
          .replace('{year}', String(year))
          .replace('{n}', String(rng.range(3, 40)));
      }
      headline = headline.slice(0, 200);
      const body = SyntheticCommunity.paragraphs(rng, b, rng.range(1, 3), 1, 4);
      const updated = rng.chance(0.1) ? SyntheticCommunity.timeAfter(rng, created, 2) : created;
      this.written.posts++;
      yield (
        [
          this.base.posts + n,
          publicIdFor('post', this.sourceKey('post', n)),
          this.base.users + this.pAuthor[p] + 1,
          text(headline),
          text(body),
          LANGUAGE_CODES[this.pLang[p]],
          num(movieId),
          num(releaseId),
          num(reviewId),
          text(searchDocument(headline, body)),
          this.pLikes[p],
          this.pComments[p],
          ts(this.pLast[p]),
          ts(created),
          ts(updated),
        ].join('\t') + '\n'
      );
    }
  }

  // ------------------------------------------------------------------ likes

  /** COPY columns of likes (ids from the table's identity). */
  static readonly LIKE_COLUMNS = ['user_id', 'review_id', 'post_id', 'comment_id', 'created_at'];

  /**
   * Likes of reviews, posts and comments (after the comments: their counts and times come from
   * that stage): as many as each item's `likes_count`, by distinct members other than its
   * author, each after the item and after the member joined.
   */
  *likeLines(): Generator<string> {
    const rng = this.rng('likes');
    const U = this.scale.users;
    if (U < 2) return;
    const step = coprimeStep(U);
    for (let j = 0; j < this.scale.reviews; j++)
      yield* this.itemLikes(rng, step, [this.rLikes[j], this.rTime[j], this.rAuthor[j]], 0, this.base.reviews + j + 1);
    for (let p = 0; p < this.scale.posts; p++)
      yield* this.itemLikes(rng, step, [this.pLikes[p], this.pTime[p], this.pAuthor[p]], 1, this.base.posts + p + 1);
    for (let c = 0; c < this.scale.comments; c++)
      yield* this.itemLikes(rng, step, [this.cLikes[c], this.cTime[c], this.cAuthor[c]], 2, this.base.comments + c + 1);
  }

  /**
   * The likes of one item: `count` distinct members (a scattered walk over all members with a step
   * coprime to their number, skipping the author), each after the item and after joining.
   * @param item [likes, item time, author index]; @param column 0 review, 1 post, 2 comment
   */
  private *itemLikes(
    rng: Rng,
    step: number,
    [count, itemTime, author]: [number, number, number],
    column: 0 | 1 | 2,
    id: number,
  ): Generator<string> {
    const U = this.scale.users;
    let u = rng.int(U);
    for (let made = 0; made < count; u = (u + step) % U) {
      if (u === author) continue;
      made++;
      const after = Math.max(itemTime, this.uCreated[u]) + 60;
      const time = Math.min(END, after + (END - after) * Math.pow(rng.next(), 6));
      this.written.likes++;
      yield `${this.base.users + u + 1}\t${column === 0 ? id : NULL}\t${column === 1 ? id : NULL}\t${column === 2 ? id : NULL}\t${ts(time)}\n`;
    }
  }

  /** Total likes planned for reviews and posts plus those of comments (known after the comment stage). */
  get likeCount(): number {
    let n = 0;
    for (const v of this.rLikes) n += v;
    for (const v of this.pLikes) n += v;
    for (const v of this.cLikes) n += v;
    return n;
  }
}
