'use client';

import { useState, type ReactNode } from 'react';

/**
 * Plays a YouTube video in place: `children` (the server-rendered thumbnail, a link to the video on
 * YouTube with a play button) until pressed, then the privacy-enhanced player (youtube-nocookie.com,
 * started at once) in its place. So no YouTube script or cookie reaches a visitor who does not
 * play (the CSP allows exactly that frame), and without JavaScript the thumbnail's link still works.
 * The markup is the server's: this keeps only the switch in the browser's first load.
 */
export function VideoPlayer({ embedUrl, title, children }: { embedUrl: string; title: string; children: ReactNode }) {
  const [playing, setPlaying] = useState(false);
  return playing ? (
    <iframe
      src={embedUrl}
      title={title}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      className="aspect-video w-full border-0"
      data-testid="video-frame"
    />
  ) : (
    <div
      onClickCapture={(e) => {
        e.preventDefault();
        setPlaying(true);
      }}
    >
      {children}
    </div>
  );
}
