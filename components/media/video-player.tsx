'use client';

import { useState } from 'react';

/**
 * A YouTube video as its high-quality thumbnail with a play button: pressing it puts the
 * privacy-enhanced player (youtube-nocookie.com, started at once) in the thumbnail's place, so no
 * YouTube script or cookie reaches a visitor who does not play (the CSP allows exactly that frame).
 * Without JavaScript the thumbnail is a link to the video on YouTube.
 */
export function VideoPlayer({
  embedUrl,
  watchUrl,
  thumbnailUrl,
  title,
  playLabel,
}: {
  /** The player's address (lib/validation/youtube.ts youtubeEmbedUrl), built on the server: no parser in the browser. */
  embedUrl: string;
  /** The video's page on YouTube (youtubeWatchUrl). */
  watchUrl: string;
  thumbnailUrl: string;
  /** The video's title (its type and chapter), the player frame's accessible name. */
  title: string;
  /** The play button's accessible name ("Play: Trailer"). */
  playLabel: string;
}) {
  const [playing, setPlaying] = useState(false);
  if (playing)
    return (
      <iframe
        src={embedUrl}
        title={title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        className="aspect-video w-full border-0"
        data-testid="video-frame"
      />
    );
  return (
    <a
      href={watchUrl}
      onClick={(e) => {
        e.preventDefault();
        setPlaying(true);
      }}
      className="group relative block"
      aria-label={playLabel}
      data-testid="video-play"
    >
      {/* YouTube's thumbnail is served by YouTube's image host, never through the Next image optimizer. */}
      {/* eslint-disable-next-line @next/next/no-img-element -- an external thumbnail, see above */}
      <img src={thumbnailUrl} alt="" loading="lazy" className="aspect-video w-full bg-paper object-cover" />
      <span
        aria-hidden="true"
        className={
          'absolute inset-0 m-auto flex size-16 items-center justify-center rounded-full bg-black/70 text-3xl ' +
          'text-white group-hover:bg-accent group-focus-visible:bg-accent'
        }
      >
        ▶
      </span>
    </a>
  );
}
