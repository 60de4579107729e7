'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** The texts of the decision controls, translated by the server page (the `changes` namespace stays server-side). */
export type DecisionWords = {
  approve: string;
  discard: string;
  reason: string;
  confirmDiscard: string;
  cancel: string;
  approved: string;
  discarded: string;
  failed: string;
  conflict: string;
  reasonRequired: string;
  keepCurrent: string;
  takeProposed: string;
};

type Outcome = 'approved' | 'discarded' | null;

/**
 * Approve and discard of one pending change request in the admin queue
 * (`POST /api/changes/{id}/approve` with the admin's choice for each field changed since the
 * suggestion, `POST /api/changes/{id}/discard` with a required reason). A field changed since is
 * never applied blindly: approving waits until each has "keep current" or "take proposed"
 * chosen. The outcome replaces the buttons; failures show the spec's message and keep the reason typed.
 */
export function ChangeDecision({
  publicId,
  staleFields,
  words,
}: {
  publicId: string;
  staleFields: { field: string; label: string }[];
  words: DecisionWords;
}) {
  const [resolutions, setResolutions] = useState<Record<string, 'current' | 'proposed'>>({});
  const [discarding, setDiscarding] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const resolved = staleFields.every((f) => resolutions[f.field]);

  async function send(action: 'approve' | 'discard') {
    setBusy(true);
    setMessage(null);
    try {
      const res = await fetch(`/api/changes/${publicId}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(action === 'approve' ? { resolutions } : { reason }),
      });
      if (res.ok) setOutcome(action === 'approve' ? 'approved' : 'discarded');
      else if (res.status === 409 && action === 'approve') setMessage(words.conflict);
      else if (res.status === 400 && action === 'discard') setMessage(words.reasonRequired);
      else setMessage(words.failed);
    } catch {
      setMessage(words.failed);
    } finally {
      setBusy(false);
    }
  }

  if (outcome)
    return (
      <p role="status" className="font-semibold" data-outcome={outcome}>
        {outcome === 'approved' ? words.approved : words.discarded}
      </p>
    );
  return (
    <div className="space-y-3">
      {staleFields.map((f) => (
        <fieldset key={f.field} className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <legend className="mb-1 font-medium">{f.label}</legend>
          {(['current', 'proposed'] as const).map((choice) => (
            <label key={choice} className="flex items-center gap-1">
              <input
                type="radio"
                name={`${publicId}-${f.field}`}
                checked={resolutions[f.field] === choice}
                onChange={() => setResolutions((r) => ({ ...r, [f.field]: choice }))}
              />
              {choice === 'current' ? words.keepCurrent : words.takeProposed}
            </label>
          ))}
        </fieldset>
      ))}
      {discarding ? (
        <div className="space-y-2">
          <label className="block">
            <span className="mb-1 block font-medium">{words.reason}</span>
            <textarea
              data-reason
              className="w-full rounded border border-line bg-panel p-2"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <Button variant="primary" disabled={busy || !reason.trim()} onClick={() => void send('discard')}>
              {words.confirmDiscard}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setDiscarding(false)}>
              {words.cancel}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button data-action="approve" disabled={busy || !resolved} onClick={() => void send('approve')}>
            {words.approve}
          </Button>
          <Button data-action="discard" variant="secondary" disabled={busy} onClick={() => setDiscarding(true)}>
            {words.discard}
          </Button>
        </div>
      )}
      {message ? (
        <p role="alert" className="text-sm text-accent-strong">
          {message}
        </p>
      ) : null}
    </div>
  );
}
