'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { requireLogin, takePendingAction } from '@/components/account/login-required';
import { SESSION_CHANGED } from '@/components/account/session-events';
import { showSnackbar } from '@/components/ui/snackbar';
import { Link } from '@/lib/i18n/navigation';
import type { FriendRelation, FriendshipAction } from '@/lib/data/friendships';

/** The translated texts of the friend button (users.friends of the messages, about one user), given by the server page. */
export type FriendButtonLabels = {
  button: Record<FriendshipAction, string>;
  status: { outgoing: string; incoming: string; friends: string };
  done: Record<FriendshipAction, string>;
  /** The question asked before a friend is removed (a new request would be needed afterwards). */
  confirmRemove: string;
  failed: string;
  conflict: string;
  /** Past the friendship limits (HTTP 429 `action_limited`). */
  limited: string;
  /** A request again too soon after the user rejected the last one (HTTP 429 `friend_request_wait`). */
  wait: string;
  label: string;
  /** The link shown instead of the buttons on one's own page. */
  editOwn: string;
};

/** The actions each relation offers, first the main one. */
const ACTIONS: Record<FriendRelation, FriendshipAction[]> = {
  visitor: ['request'],
  self: [],
  none: ['request'],
  outgoing: ['cancel'],
  incoming: ['accept', 'reject'],
  friends: ['remove'],
};

/**
 * The friendship buttons of a user: add as friend, cancel a sent request, accept or
 * reject a received one, remove a friend (after a confirmation). The relation comes from the server
 * page when it rendered per viewer (`relation`), else it is fetched after the page loads (`GET
 * /api/users/{id}/friendship`), so a cached page stays the same for everyone; it is fetched again
 * when the session changes. A click posts `{ action }` to the same address and is confirmed in the
 * snackbar; a 409 (the state had changed elsewhere) shows the current state. A visitor's click
 * opens the login dialog, and the request is sent once logged in. On one's own page: a link to
 * "Edit my data" instead. `answerOnly` (lists of requests, notifications): only the buttons that
 * answer or cancel a waiting request, without the status beside them; once answered, the outcome
 * ("You are friends", "Friend request rejected") in place of the buttons.
 */
export function FriendButton({
  publicId,
  relation: given,
  labels,
  onChange,
  answerOnly = false,
}: {
  publicId: string;
  relation?: FriendRelation;
  labels: FriendButtonLabels;
  /** Called with the new relation after a successful change (lists that drop the row). */
  onChange?: (relation: FriendRelation) => void;
  answerOnly?: boolean;
}) {
  const [relation, setRelation] = useState<FriendRelation | null>(given ?? null);
  const [answered, setAnswered] = useState<FriendshipAction | null>(null);
  const [busy, setBusy] = useState(false);
  const resumed = useRef(false);
  const url = `/api/users/${encodeURIComponent(publicId)}/friendship`;
  const pendingKey = `friend:${publicId}`;

  const load = useCallback(async (): Promise<FriendRelation | null> => {
    try {
      const res = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
      if (!res.ok) return null;
      const body = (await res.json()) as { relation: FriendRelation };
      setRelation(body.relation);
      return body.relation;
    } catch {
      return null;
    }
  }, [url]);

  const act = useCallback(
    async (action: FriendshipAction) => {
      setBusy(true);
      try {
        const res = await fetch(url, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ action }),
        });
        if (res.status === 401) return requireLogin(pendingKey);
        if (res.status === 409) {
          await load();
          return showSnackbar(labels.conflict);
        }
        if (res.status === 429) {
          const body = (await res.json().catch(() => null)) as { code?: string } | null;
          return showSnackbar(body?.code === 'friend_request_wait' ? labels.wait : labels.limited);
        }
        if (!res.ok) return showSnackbar(labels.failed);
        const body = (await res.json()) as { relation: FriendRelation };
        setRelation(body.relation);
        setAnswered(action);
        onChange?.(body.relation);
        showSnackbar(labels.done[action]);
      } catch {
        showSnackbar(labels.failed);
      } finally {
        setBusy(false);
      }
    },
    [url, pendingKey, labels, load, onChange],
  );

  useEffect(() => {
    if (given) return;
    let live = true;
    const refresh = async () => {
      const r = await load();
      // Back from the login a click on this button asked for: send that request once.
      if (live && r === 'none' && !resumed.current && takePendingAction(pendingKey)) {
        resumed.current = true;
        await act('request');
      }
    };
    void refresh();
    window.addEventListener(SESSION_CHANGED, refresh);
    return () => {
      live = false;
      window.removeEventListener(SESSION_CHANGED, refresh);
    };
  }, [given, load, act, pendingKey]);

  if (!relation) return null;
  if (answerOnly && relation !== 'incoming' && relation !== 'outgoing') {
    const outcome = relation === 'friends' ? labels.status.friends : answered ? labels.done[answered] : null;
    return outcome ? (
      <span className="text-sm text-muted" role="status" data-testid="friendship-status">
        {outcome}
      </span>
    ) : null;
  }
  if (relation === 'self')
    return (
      <Link
        href="/users/edit_my_data"
        className="inline-flex min-h-9 items-center whitespace-nowrap rounded-full border border-line bg-panel px-3 text-sm font-semibold hover:bg-tint"
        data-testid="edit-own-profile"
      >
        {labels.editOwn}
      </Link>
    );
  const status =
    relation === 'incoming' || relation === 'outgoing' || relation === 'friends' ? labels.status[relation] : null;
  return (
    <div role="group" aria-label={labels.label} className="flex flex-wrap items-center gap-2" data-testid="friendship">
      {status && !answerOnly ? (
        <span className="text-sm text-muted" data-testid="friendship-status">
          {status}
        </span>
      ) : null}
      {ACTIONS[relation].map((action, i) => (
        <button
          key={action}
          type="button"
          disabled={busy}
          onClick={() => {
            if (relation === 'visitor') return requireLogin(pendingKey);
            if (action === 'remove' && !window.confirm(labels.confirmRemove)) return;
            void act(action);
          }}
          className={`inline-flex min-h-9 items-center rounded-full border px-3 text-sm font-semibold ${
            i === 0 && (action === 'request' || action === 'accept')
              ? 'border-accent bg-accent text-white'
              : 'border-line bg-panel hover:bg-tint'
          }`}
          data-testid={`friend-${action}`}
        >
          {labels.button[action]}
        </button>
      ))}
    </div>
  );
}
