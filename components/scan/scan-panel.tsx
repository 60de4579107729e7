'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { openLoginDialog, SESSION_CHANGED } from '@/components/account/session-events';
import { buttonClass } from '@/components/ui/button';
import { showSnackbar } from '@/components/ui/snackbar';
import { canonicalEan, gtinCheckDigit } from '@/lib/barcode-digits';
import { formatDateTime } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { useSiteTimeZone } from '@/lib/i18n/use-site-time-zone';
import {
  applyToggle,
  findOffline,
  SCAN_TOGGLES,
  type MemberBarcodes,
  type ScanList,
  type ScanToggle,
} from '@/lib/scan/offline';
import type { BarcodeReader } from './decoder';
import { forgetUnlessPending, isInstalledApp, keepLoadedFiles, registerOfflineWorker } from './service-worker';
import {
  pendingToggles,
  queueOfflineToggle,
  refreshBarcodes,
  savedBarcodes,
  sendPendingToggles,
} from './offline-store';

/** A release in the answer: what the scanner shows of it, and the member's side (null for visitors). */
type AnswerRelease = {
  public_id: string;
  name: string;
  format: number;
  release_year: number | null;
  mine: { have: boolean; wanted: boolean; lists: ScanList[] } | null;
};

/** The answer to one barcode: from the server (`online`) or the saved lists (`offline`). */
type Answer = { ean: string; source: 'online' | 'offline'; releases: AnswerRelease[] };

/** GET /api/barcodes/{code}'s answer (the fields the scanner uses). */
type LookupBody = { ean: string; releases: AnswerRelease[] };

/** How long a change that could not be sent while online waits before the next try (milliseconds). */
const RETRY_MS = 5000;

/** How often the camera's picture is read (milliseconds). */
const FRAME_MS = 250;

type Props = {
  /** Format names by format id, in the page's language. */
  formats: Record<number, string>;
};

/**
 * The barcode scanner (`/scan`, loaded by scan-view.tsx): the camera (the browser's BarcodeDetector or the ZXing ponyfill,
 * decoder.ts), a photo, or typed digits give an EAN-13, answered with the releases carrying it
 * and the member's lists holding each, with HAVE and WANTED. A member's lists are saved on the
 * device (offline-store.ts) so that without a connection a scan still answers owned / wanted /
 * not in the lists, and HAVE / WANTED pressed offline wait in an outbox that is sent when the
 * connection returns (and when the page opens online).
 */
export function ScanPanel({ formats }: Props) {
  const t = useTranslations('scan');
  const tt = useTranslations('toggles');
  const ta = useTranslations('api');
  const locale = useLocale();
  const timeZone = useSiteTimeZone();
  const inputId = useId();
  const [digits, setDigits] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [copy, setCopy] = useState<MemberBarcodes | null>(null);
  const [pending, setPending] = useState(0);
  const [online, setOnline] = useState(true);
  const [camera, setCamera] = useState(false);
  const [decoder, setDecoder] = useState<BarcodeReader['kind'] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const answerRef = useRef<HTMLDivElement | null>(null);

  /**
   * Sends the changes made offline, then saves the member's lists again.
   * @returns whether the viewer is a member (null: no connection, not known)
   */
  const sync = useCallback(async (): Promise<boolean | null> => {
    if (!navigator.onLine) return null;
    if ((await pendingToggles()).length) {
      const result = await sendPendingToggles();
      if (result.sent + result.dropped) showSnackbar(t('sentQueued', { count: result.sent + result.dropped }));
      setPending(result.outbox.length);
    }
    // The barcode list's own answer tells a visitor (401) from a lost connection (null).
    const fresh = await refreshBarcodes();
    const waiting = (await pendingToggles()).length;
    setPending(waiting);
    if (fresh === 'visitor') {
      if (waiting) setStatus(t('loginToSend'));
      return false;
    }
    if (fresh) setCopy(fresh);
    return fresh ? true : null;
  }, [t]);

  useEffect(() => {
    setOnline(navigator.onLine);
    void (async () => {
      setCopy(await savedBarcodes());
      setPending((await pendingToggles()).length);
      const member = await sync();
      if (member === false) {
        // A visitor: the installed app gets the worker (for a later login); a browser that still
        // has a member's saved lists (their session ended) forgets them unless changes wait.
        if (isInstalledApp()) await registerOfflineWorker();
        else if (navigator.serviceWorker?.controller) await forgetUnlessPending();
        setCopy(await savedBarcodes());
        return;
      }
      // A member's device with the offline worker fetches the reader now (where the browser has
      // no detector of its own) and asks the worker to keep this page's code, so a scan works
      // without a connection.
      if (navigator.serviceWorker?.controller && !('BarcodeDetector' in globalThis))
        await import('./decoder').then((m) => m.loadBarcodeReader()).catch(() => undefined);
      await keepLoadedFiles();
    })();
    const up = () => {
      setOnline(true);
      void sync();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    window.addEventListener(SESSION_CHANGED, up);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      window.removeEventListener(SESSION_CHANGED, up);
    };
  }, [sync]);

  // Changes that could not be sent while online (a lost answer, a server error) are tried again.
  useEffect(() => {
    if (!pending || !online) return;
    const timer = setTimeout(() => void sync(), RETRY_MS);
    return () => clearTimeout(timer);
  }, [pending, online, sync]);

  const stopCamera = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setCamera(false);
  }, []);
  useEffect(() => stopCamera, [stopCamera]);

  /** The answer from the saved lists. */
  const answerOffline = useCallback(
    async (ean: string): Promise<Answer> => {
      const saved = (await savedBarcodes()) ?? copy;
      return {
        ean,
        source: 'offline',
        releases: findOffline(saved, ean).map((r) => ({
          public_id: r.public_id,
          name: r.name,
          format: r.format,
          release_year: r.release_year,
          mine: { have: r.have, wanted: r.wanted, lists: r.lists },
        })),
      };
    },
    [copy],
  );

  /** Looks a canonical EAN-13 up: the server when it answers, else the saved lists. */
  const lookUp = useCallback(
    async (ean: string) => {
      setStatus(t('lookingUp', { ean }));
      setAnswer(null);
      let next: Answer | null = null;
      if (navigator.onLine) {
        try {
          const res = await fetch(`/api/barcodes/${ean}`, { credentials: 'same-origin', cache: 'no-store' });
          if (res.ok) next = { ...((await res.json()) as LookupBody), source: 'online' };
          else {
            setStatus(t('lookupFailed'));
            return;
          }
        } catch {
          // No connection after all: the saved lists answer.
        }
      }
      next ??= await answerOffline(ean);
      setStatus(null);
      setAnswer(next);
      requestAnimationFrame(() => answerRef.current?.focus());
    },
    [answerOffline, t],
  );

  const reader = useCallback(async (): Promise<BarcodeReader | null> => {
    try {
      const r = await (await import('./decoder')).loadBarcodeReader();
      setDecoder(r.kind);
      return r;
    } catch {
      setStatus(t('decoderFailed'));
      return null;
    }
  }, [t]);

  const startCamera = useCallback(async () => {
    setStatus(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setStatus(t('noCamera'));
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } } });
    } catch {
      setStatus(t('cameraDenied'));
      return;
    }
    const r = await reader();
    if (!r) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    streamRef.current = stream;
    setCamera(true);
    setAnswer(null);
    // The video element exists once React has rendered the camera view: wait for it (a frame may
    // pass before that commit on a slow device), then read frames until a barcode is seen.
    let video = videoRef.current;
    while (!video && streamRef.current === stream) {
      await new Promise((done) => setTimeout(done, 16));
      video = videoRef.current;
    }
    if (!video) return;
    video.srcObject = stream;
    await video.play().catch(() => undefined);
    while (streamRef.current === stream) {
      if (video.readyState >= 2) {
        const ean = await r.read(video).catch(() => null);
        if (ean && streamRef.current === stream) {
          stopCamera();
          navigator.vibrate?.(60);
          setDigits(ean);
          await lookUp(ean);
          return;
        }
      }
      await new Promise((done) => setTimeout(done, FRAME_MS));
    }
  }, [lookUp, reader, stopCamera, t]);

  const readPhoto = useCallback(
    async (file: File | undefined) => {
      if (!file) return;
      setStatus(null);
      const r = await reader();
      if (!r) return;
      let ean: string | null = null;
      try {
        ean = await r.read(await createImageBitmap(file));
      } catch {
        ean = null;
      }
      if (!ean) {
        setStatus(t('nothingInPhoto'));
        return;
      }
      setDigits(ean);
      await lookUp(ean);
    },
    [lookUp, reader, t],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const ean = canonicalEan(digits);
    if (!ean) {
      const plain = digits.replace(/[\s-]/g, '');
      const code = digits.trim();
      setInvalid(
        /^\d{11,13}$/.test(plain)
          ? ta('barcodeCheckDigit', {
              code,
              actual: plain.slice(-1),
              expected: gtinCheckDigit(plain.padStart(13, '0').slice(0, -1)),
            })
          : ta('barcodeFormat', { code }),
      );
      return;
    }
    setInvalid(null);
    void lookUp(ean);
  };

  /** Sets HAVE or WANTED on a release of the answer: sent now, or queued without a connection. */
  const toggle = async (release: AnswerRelease, kind: ScanToggle) => {
    if (!release.mine) {
      openLoginDialog(true);
      return;
    }
    const on = !release.mine[kind];
    const shown = { public_id: release.public_id, name: release.name, format: release.format };
    const entry = { ...shown, ean: answer!.ean, country: null, release_year: release.release_year };
    const mark = () =>
      setAnswer((a) =>
        a
          ? {
              ...a,
              releases: a.releases.map((r) =>
                r.public_id === release.public_id && r.mine
                  ? {
                      ...r,
                      mine: {
                        ...r.mine,
                        [kind]: on,
                        lists: on ? r.mine.lists : r.mine.lists.filter((l) => l.style !== SCAN_TOGGLES[kind]),
                      },
                    }
                  : r,
              ),
            }
          : a,
      );
    const queue = async () => {
      setPending((await queueOfflineToggle(entry, { kind, on })).length);
      setCopy(await savedBarcodes());
      mark();
      showSnackbar(t('queuedNow'));
    };
    setBusy(`${release.public_id}:${kind}`);
    try {
      if (!navigator.onLine) return await queue();
      let res: Response;
      try {
        res = await fetch(`/api/releases/${encodeURIComponent(release.public_id)}/toggles`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ kind, on }),
        });
      } catch {
        return await queue();
      }
      if (res.status === 401) return openLoginDialog(true);
      if (res.status === 429)
        return showSnackbar(tt('limited', { minutes: Math.ceil(Number(res.headers.get('retry-after')) / 60) || 1 }));
      if (!res.ok) return showSnackbar(tt('failed'));
      mark();
      showSnackbar(tt(`${kind}.${on ? 'added' : 'removed'}`));
      const saved = await savedBarcodes();
      if (saved) setCopy(applyToggle(saved, entry, { kind, on }));
      void refreshBarcodes().then((fresh) => fresh && fresh !== 'visitor' && setCopy(fresh));
    } finally {
      setBusy(null);
    }
  };

  const described = invalid ? `${inputId}-error` : `${inputId}-hint`;
  return (
    <div className="mt-6 grid gap-6" data-testid="scanner" data-decoder={decoder ?? ''}>
      {!online ? (
        <p
          role="status"
          className="rounded-lg border border-warn-line bg-warn-soft p-3 text-sm text-warn-ink"
          data-testid="scan-offline"
        >
          {copy
            ? t('offline', {
                count: copy.releases.length,
                date: formatDateTime(copy.read_at, locale, timeZone),
              })
            : t('offlineNoCopy')}
        </p>
      ) : copy ? (
        <p className="text-sm text-muted" data-testid="scan-saved">
          {t('saved', { count: copy.releases.length })}
        </p>
      ) : null}
      {pending ? (
        <p role="status" className="text-sm font-medium" data-testid="scan-pending">
          {t('queued', { count: pending })}
        </p>
      ) : null}

      <section className="grid gap-3">
        <div className="flex flex-wrap gap-2">
          {camera ? (
            <button type="button" className={buttonClass('secondary')} onClick={stopCamera}>
              {t('stopCamera')}
            </button>
          ) : (
            <button type="button" className={buttonClass('primary')} onClick={() => void startCamera()}>
              {t('startCamera')}
            </button>
          )}
          <label className={`${buttonClass('secondary')} cursor-pointer focus-within:outline-3`}>
            {t('photo')}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              data-testid="scan-photo"
              onChange={(e) => {
                void readPhoto(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
        </div>
        {camera ? (
          <div className="relative overflow-hidden rounded-lg bg-black" data-testid="scan-camera">
            <video ref={videoRef} muted playsInline className="aspect-video w-full object-cover" />
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-x-[12%] inset-y-[30%] rounded border-2 border-white/80"
            />
            <p className="absolute inset-x-0 bottom-0 bg-black/60 p-2 text-center text-sm text-white">
              {t('cameraHint')}
            </p>
          </div>
        ) : null}
      </section>

      <form onSubmit={submit} noValidate className="grid max-w-md gap-2" data-testid="scan-form">
        <label htmlFor={inputId} className="font-medium">
          {t('digits')}
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            name="barcode"
            inputMode="numeric"
            autoComplete="off"
            value={digits}
            onChange={(e) => setDigits(e.target.value)}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={described}
            className="min-h-10 w-full rounded-lg border border-line bg-panel px-3 font-mono"
          />
          <button type="submit" className={`${buttonClass('primary')} shrink-0`}>
            {t('lookUp')}
          </button>
        </div>
        {invalid ? (
          <p id={`${inputId}-error`} className="text-sm font-medium text-accent-strong" data-testid="scan-invalid">
            {invalid}
          </p>
        ) : (
          <p id={`${inputId}-hint`} className="text-sm text-muted">
            {t('digitsHint')}
          </p>
        )}
      </form>

      <div aria-live="polite" className="min-h-6 text-sm" data-testid="scan-status">
        {status}
      </div>

      {answer ? (
        <div
          ref={answerRef}
          tabIndex={-1}
          className="grid max-w-2xl gap-3 rounded-lg border border-line bg-panel p-4 outline-none"
          data-testid="scan-answer"
          data-source={answer.source}
        >
          <h2 className="font-mono text-sm text-muted">{t('result', { ean: answer.ean })}</h2>
          {answer.releases.length === 0 ? (
            answer.source === 'online' ? (
              <p>
                {t('unknown')}{' '}
                <Link
                  href={{ pathname: '/releases/new', query: { barcode: answer.ean } }}
                  className="font-medium text-accent-strong underline"
                  data-testid="scan-suggest"
                >
                  {t('suggest')}
                </Link>
              </p>
            ) : (
              <p>{copy ? t('offlineUnknown') : t('offlineNoCopy')}</p>
            )
          ) : (
            answer.releases.map((release) => (
              <article key={release.public_id} className="grid gap-2" data-testid="scan-release">
                <h3 className="text-lg font-semibold">
                  <Link href={`/release/${release.public_id}`} className="hover:underline">
                    {release.name}
                  </Link>
                </h3>
                <p className="text-sm text-muted">
                  {[formats[release.format], release.release_year].filter(Boolean).join(' · ')}
                </p>
                {release.mine ? (
                  <ul className="grid gap-1 text-sm font-medium" data-testid="scan-mine">
                    {release.mine.have ? <li>{t('have')}</li> : null}
                    {release.mine.wanted ? <li>{t('wanted')}</li> : null}
                    {release.mine.lists.some((l) => l.name) ? (
                      <li className="font-normal">
                        {t('inLists', {
                          lists: release.mine.lists
                            .map((l) => l.name)
                            .filter(Boolean)
                            .join(', '),
                        })}
                      </li>
                    ) : null}
                    {!release.mine.have && !release.mine.wanted && !release.mine.lists.length ? (
                      <li className="font-normal">{t('notInLists')}</li>
                    ) : null}
                  </ul>
                ) : (
                  <p className="text-sm">
                    {t('visitor')}{' '}
                    <button
                      type="button"
                      className="font-medium text-accent-strong underline"
                      onClick={() => openLoginDialog()}
                    >
                      {t('login')}
                    </button>
                  </p>
                )}
                <div className="flex flex-wrap gap-2">
                  {(['have', 'wanted'] as const).map((kind) => {
                    const on = Boolean(release.mine?.[kind]);
                    return (
                      <button
                        key={kind}
                        type="button"
                        aria-pressed={on}
                        disabled={busy === `${release.public_id}:${kind}`}
                        onClick={() => void toggle(release, kind)}
                        className={`inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-semibold ${
                          on ? 'border-accent bg-accent text-white' : 'border-line bg-panel hover:bg-tint'
                        }`}
                        data-testid={`scan-${kind}`}
                      >
                        {tt(`${kind}.button`)}
                      </button>
                    );
                  })}
                </div>
              </article>
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}
