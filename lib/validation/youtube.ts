/**
 * YouTube addresses: the one parser of a video link that members paste (the videos of movies and
 * releases, the YouTube field of a review), and the addresses the app builds from a stored video
 * (the high-quality thumbnail, the privacy-enhanced player). Pure: used on the server and in the
 * browser.
 *
 * A stored video is its "service id" (the media record's `service_id`): the 11-character video id,
 * followed by `?t={seconds}` when the link started the video at a given time.
 */

/** A YouTube video: its id (11 of A-Z a-z 0-9 _ -) and where playback starts, in seconds (null: the beginning). */
export type YoutubeVideo = { id: string; start: number | null };

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const HOSTS = [
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
];
/** Path forms that carry the id as their second segment. */
const ID_PATHS = ['embed', 'shorts', 'live', 'v'];
/** Longest start time kept: 24 hours, in seconds (a longer one is no video's). */
const START_MAX = 86_400;

/**
 * A start time as YouTube links write it: seconds (`90`, `90s`) or hours, minutes and seconds
 * (`1h2m3s`, `2m`). @returns seconds, or null when absent, zero, malformed or above 24 hours
 */
function startSeconds(value: string | null): number | null {
  if (!value) return null;
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value.trim());
  if (!m || (!m[1] && !m[2] && !m[3])) return null;
  const seconds = Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
  return seconds > 0 && seconds <= START_MAX ? seconds : null;
}

/**
 * Parses a YouTube link: `youtube.com/watch?v=ID`, `youtu.be/ID`, `youtube.com/embed/ID`,
 * `/shorts/ID`, `/live/ID`, `/v/ID` (www., m. and music. hosts, and the youtube-nocookie.com
 * player; http or https), with a start time from `t` (`90`, `90s`, `1m30s`) or `start` (seconds).
 * @returns the video, or null for anything else (another host, a playlist or channel link, an id
 *   of the wrong shape)
 */
export function parseYoutubeUrl(input: string): YoutubeVideo | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  let id: string | null = null;
  if (host === 'youtu.be') {
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts.length === 1) id = parts[0] ?? null;
  } else if (HOSTS.includes(host)) {
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'watch' && parts.length === 1) id = url.searchParams.get('v');
    else if (ID_PATHS.includes(parts[0] ?? '') && parts.length === 2) id = parts[1] ?? null;
  }
  if (!id || !VIDEO_ID.test(id)) return null;
  const start = startSeconds(url.searchParams.get('t')) ?? startSeconds(url.searchParams.get('start'));
  return { id, start };
}

/** The video id of a YouTube link (see {@link parseYoutubeUrl}), or null. */
export function youtubeVideoId(input: string): string | null {
  return parseYoutubeUrl(input)?.id ?? null;
}

/** The stored form of a video: `ID`, or `ID?t=SECONDS` when it starts later. */
export function youtubeServiceId(video: YoutubeVideo): string {
  return video.start ? `${video.id}?t=${video.start}` : video.id;
}

/** Reads a stored service id back (`ID` or `ID?t=SECONDS`). @returns null for anything else */
export function parseServiceId(serviceId: string): YoutubeVideo | null {
  const [id, query] = serviceId.split('?', 2);
  if (!id || !VIDEO_ID.test(id)) return null;
  return { id, start: query ? startSeconds(new URLSearchParams(query).get('t')) : null };
}

/** The watch page of a video on YouTube (for a link beside the player). */
export function youtubeWatchUrl(video: YoutubeVideo): string {
  return `https://www.youtube.com/watch?v=${video.id}${video.start ? `&t=${video.start}s` : ''}`;
}

/**
 * The privacy-enhanced player (youtube-nocookie.com), started at once: loaded only when a visitor
 * presses play, so no YouTube script or cookie reaches anyone who does not.
 */
export function youtubeEmbedUrl(video: YoutubeVideo): string {
  return `https://www.youtube-nocookie.com/embed/${video.id}?autoplay=1${video.start ? `&start=${video.start}` : ''}`;
}

/** The video id of a stored service id (`ID` or `ID?t=SECONDS`). Pure. */
export function serviceVideoId(serviceId: string): string {
  return serviceId.split('?')[0] ?? '';
}

/** The high-quality thumbnail of a video (480 × 360 pixels, from YouTube's image host). */
export function youtubeThumbnailUrl(id: string): string {
  return `https://img.youtube.com/vi/${encodeURIComponent(id)}/hqdefault.jpg`;
}
