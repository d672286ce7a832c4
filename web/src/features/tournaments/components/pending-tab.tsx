import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POINTS_DESCRIPTION_MAX, type PointsRound } from '@versus/domain/tournaments/play';
import { playsMatches, type PointsEntry, type Tournament } from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { EmptyState, Spinner } from '../../../components/feedback';
import { FormError } from '../../../components/form-fields';
import { mediumDateTime } from '../../../lib/locale';
import { useLocale } from '../../../lib/navigation';
import { useCommand } from '../../../lib/use-command';
import { setParticipantPoints, useMatches, usePoints } from '../api';
import { pointsProblem } from '../points-input';
import { HostAttention, awaitsHost } from './match-panel';
import { entrantName } from './match-names';
import '../../../i18n/play-texts';

type Entry = PointsEntry & { id: string };

/**
 * One round for the host. Submitted: accept as is, or set another figure with a reason. Reviewed:
 * what it counts and why, changed again with a reason, or accepted as sent after all.
 */
function ReviewRow({
  tournament,
  entry,
  round,
  index,
  sameAs,
}: {
  tournament: Tournament;
  entry: Entry;
  round: PointsRound;
  index: number;
  /** Another entrant's round sent with the very same picture, if any. */
  sameAs?: { participant: string; round: number };
}) {
  const { t } = useTranslation();
  const reviewed = round.state === 'ACCEPTED';
  const [changing, setChanging] = useState(false);
  const [points, setPoints] = useState(String(round.points));
  const [reason, setReason] = useState('');
  // A reviewed round's change is said once saved: its row stays, with the new figure.
  const [saved, setSaved] = useState(false);
  // A change without a reason, or with points that are no whole number, is refused here, saying so
  // and focusing the field (a disabled button said nothing; an emptied field went as 0 points).
  const [problem, setProblem] = useState<{ field: 'points' | 'reason'; message: string } | null>(null);
  const pointsField = useRef<HTMLInputElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const review = useCommand((_key, value: number, why?: string) =>
    setParticipantPoints(tournament.id, {
      participant: entry.participant,
      points: value,
      round: index,
      ...(why ? { description: why } : {}),
    }),
  );
  const name = entrantName(tournament, entry.participant);
  const locale = useLocale();
  const hintId = useId();
  // A change to 0 rejects the round: its button says so.
  const rejects = points.trim() !== '' && Number(points) === 0;
  const rejected = reviewed && round.points === 0 && round.rawPoints > 0;
  const send = async (value: number, why?: string) => {
    setSaved(false);
    const result = await review.run(value, why);
    if (result.ok && reviewed) {
      setChanging(false);
      setReason('');
      setSaved(true);
    }
  };
  return (
    <li className="card review-row" data-testid={`${reviewed ? 'reviewed' : 'review'}-${entry.participant}-${index}`}>
      <p>
        <strong>{name}</strong> · {t('tournaments.pending.round', { count: index + 1 })} ·{' '}
        <strong>{t('tournaments.pending.points', { count: reviewed ? round.points : round.rawPoints })}</strong>
        {reviewed ? (
          <>
            {' '}
            <span className={`status-badge status-${rejected ? 'cancelled' : 'ongoing'}`}>
              {t(`tournaments.points.state.${rejected ? 'REJECTED' : 'ACCEPTED'}`)}
            </span>
            {round.points !== round.rawPoints ? (
              <span className="muted">
                {' '}
                {t('tournaments.pending.sent-as', { count: round.rawPoints })}
                {round.reason ? ` — ${round.reason}` : ''}
              </span>
            ) : null}
          </>
        ) : null}
        {/* When it was sent: the lists run in that order (a walk missed the times; record 136). */} ·{' '}
        <time dateTime={new Date(round.submittedAt).toISOString()} className="muted">
          {mediumDateTime(locale).format(round.submittedAt)}
        </time>
      </p>
      {round.description ? <p className="prewrap">{round.description}</p> : null}
      <a href={round.attachment.url} target="_blank" rel="noreferrer">
        <img
          className="proof-thumb"
          src={round.attachment.url}
          loading={reviewed ? 'lazy' : undefined}
          alt={t('tournaments.pending.proof-of', { name })}
        />
      </a>
      {sameAs ? (
        <p className="notice" data-testid="proof-same">
          {t('tournaments.pending.same-proof', {
            name: entrantName(tournament, sameAs.participant),
            round: String(sameAs.round + 1),
          })}
        </p>
      ) : null}
      {changing ? (
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            const pointsIssue = pointsProblem(points, 0);
            if (pointsIssue) {
              setProblem({ field: 'points', message: t(pointsIssue as never) });
              return pointsField.current?.focus();
            }
            // A reviewed round's figure as it stands is no change: saying so beats a notice of nothing.
            if (reviewed && Number(points) === round.points) {
              setProblem({ field: 'points', message: t('tournaments.pending.unchanged') });
              return pointsField.current?.focus();
            }
            // A reviewed round set back to what was sent is accepted as sent: no reason is asked, and
            // none would reach the player (the server keeps a reason for a change only).
            const asSent = reviewed && Number(points) === round.rawPoints;
            if (!asSent && !reason.trim()) {
              setProblem({ field: 'reason', message: t('tournaments.errors.reason-required') });
              return reasonField.current?.focus();
            }
            setProblem(null);
            void send(Number(points), asSent ? undefined : reason.trim());
          }}
        >
          <div className="field">
            <label className="field-label" htmlFor={`${hintId}-points`}>
              {t('tournaments.points.points')}
            </label>
            <input
              id={`${hintId}-points`}
              ref={pointsField}
              inputMode="numeric"
              value={points}
              aria-invalid={problem?.field === 'points' ? true : undefined}
              aria-describedby={hintId}
              onChange={(event) => {
                setPoints(event.target.value);
                setProblem(null);
              }}
            />
            {/* 0 is how a round is rejected (it counts nothing): said before, not found out after. */}
            <span id={hintId} className="field-hint">
              {t('tournaments.pending.zero-rejects')}
            </span>
          </div>
          <label className="field">
            <span className="field-label">{t('tournaments.pending.reason')}</span>
            <textarea
              ref={reasonField}
              value={reason}
              rows={2}
              maxLength={POINTS_DESCRIPTION_MAX}
              aria-invalid={problem?.field === 'reason' ? true : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setProblem(null);
              }}
            />
          </label>
          <FormError message={problem?.message ?? review.error} />
          <div className="actions">
            <Button type="submit" busy={review.busy} data-testid="save-points-change">
              {t(rejects ? 'tournaments.pending.reject' : 'tournaments.pending.save-change')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setChanging(false);
                setProblem(null);
              }}
            >
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <FormError message={review.error} />
          <p className="success" role="status">
            {saved ? t('tournaments.pending.saved', { name }) : null}
          </p>
          <div className="actions">
            {/* A submitted round is accepted as sent; a reviewed one that counts otherwise may be. */}
            {!reviewed || round.points !== round.rawPoints ? (
              <Button
                busy={review.busy}
                variant={reviewed ? 'secondary' : undefined}
                onClick={() => void send(round.rawPoints)}
                data-testid={`accept-${entry.participant}-${index}`}
              >
                {t(reviewed ? 'tournaments.pending.accept-as-sent' : 'tournaments.pending.accept', {
                  count: round.rawPoints,
                })}
              </Button>
            ) : null}
            <Button
              variant="secondary"
              disabled={review.busy}
              onClick={() => {
                setChanging(true);
                setSaved(false);
                setPoints(String(round.points));
              }}
            >
              {t('tournaments.pending.change')}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

/**
 * The pending tab (SPEC §4), for the host: submitted rounds awaiting review (POINTS) and disputes
 * not RESOLVED with silent matches (ELIMINATION).
 */
export function PendingTab({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  const points = usePoints(tournament.bracket === 'POINTS' ? tournament.id : undefined);
  const matches = useMatches(playsMatches(tournament.bracket) ? tournament.id : undefined);
  if (points.status === 'loading' || matches.status === 'loading') return <Spinner label={t('common.loading')} />;
  if (playsMatches(tournament.bracket)) {
    const items = matches.status === 'ready' ? matches.items : [];
    const open = items.some(awaitsHost);
    return open ? (
      <HostAttention tournament={tournament} matches={items} />
    ) : (
      <EmptyState title={t('tournaments.pending.nothing')}>{t('tournaments.pending.nothing-elimination')}</EmptyState>
    );
  }
  const entries = points.status === 'ready' ? points.items : [];
  const rounds = (state: PointsRound['state']) =>
    entries.flatMap((entry) =>
      entry.rounds.flatMap((round, index) => (round.state === state ? [{ entry, round, index }] : [])),
    );
  const waiting = rounds('SUBMITTED').sort((a, b) => a.round.submittedAt - b.round.submittedAt);
  // The rounds already reviewed, the latest sent first (an order a change does not move: the row
  // stays under the host's hand): a host who got one wrong changes it here.
  const reviewed = rounds('ACCEPTED').sort((a, b) => b.round.submittedAt - a.round.submittedAt);
  // Each picture by its stored name, which is its content's digest (record 142): the same screenshot
  // sent by two entrants is one name, which the host is shown (one entrant's twice is refused).
  const picture = (round: PointsRound) => round.attachment.path.split('/').pop();
  const sameAs = (entry: Entry, round: PointsRound) =>
    entries
      .filter((other) => other.participant !== entry.participant)
      .flatMap((other) =>
        other.rounds.flatMap((sent, index) =>
          picture(sent) === picture(round) ? [{ participant: other.participant, round: index }] : [],
        ),
      )[0];
  return (
    <>
      {waiting.length === 0 ? (
        <EmptyState title={t('tournaments.pending.nothing')}>{t('tournaments.pending.nothing-points')}</EmptyState>
      ) : (
        <ul className="plain-list review-list" data-testid="pending-rounds">
          {waiting.map(({ entry, round, index }) => (
            <ReviewRow
              key={`${entry.participant}-${index}`}
              tournament={tournament}
              entry={entry}
              round={round}
              index={index}
              sameAs={sameAs(entry, round)}
            />
          ))}
        </ul>
      )}
      {reviewed.length > 0 ? (
        <details className="reviewed-rounds" data-testid="reviewed-rounds">
          <summary>{t('tournaments.pending.reviewed', { count: reviewed.length })}</summary>
          <p className="muted">{t('tournaments.pending.reviewed-how')}</p>
          <ul className="plain-list review-list">
            {reviewed.map(({ entry, round, index }) => (
              <ReviewRow
                key={`${entry.participant}-${index}`}
                tournament={tournament}
                entry={entry}
                round={round}
                index={index}
              />
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}
