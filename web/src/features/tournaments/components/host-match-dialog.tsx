import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DECISION_REASONING_MAX, sidesOf, type TournamentMatch } from '@versus/domain/tournaments/play';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { Modal } from '../../../components/modal';
import { WinnerPicker } from '../../../components/winner-picker';
import { ScorePicker } from '../../../components/score-picker';
import { LocalLink } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useCommand } from '../../../lib/use-command';
import { setMatchWinner } from '../api';
import { entrantName, missingChoiceKey, scoreText, winnerFirst } from './match-names';
import { MissingHint } from '../../../components/missing-hint';
import '../../../i18n/play-texts';

type Match = TournamentMatch & { id: string };

/**
 * The host sets or changes a match's winner from the bracket (SPEC §7 setWinner). A dispute is
 * resolved on its own page, with both sides' stories in view.
 */
export function HostMatchDialog({
  tournament,
  match,
  onClose,
}: {
  tournament: Tournament;
  match: Match | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [winner, setWinner] = useState<string | null>(null);
  const [score, setScore] = useState<[number, number] | null>(null);
  const [reasoning, setReasoning] = useState('');
  const [tried, setTried] = useState(false);
  const hint = useId();
  const decide = useCommand((_key, choice: string, why: string, games: [number, number] | null) =>
    setMatchWinner(tournament.id, match!.id, choice, why.trim() || undefined, games ?? undefined),
  );
  const series = (match?.bestOf ?? 1) > 1;
  // The winner shown chosen is the decided one until another is picked; a series needs its score.
  const chosen = winner ?? match?.winner ?? null;
  const lacking = missingChoiceKey(series, chosen, score);
  // Nothing to save: the decided winner again, with its own score in a series.
  const unchanged =
    lacking === null &&
    chosen === match?.winner &&
    (!series || (match !== null && winnerFirst(match)?.join() === score?.join()));
  const close = () => {
    setWinner(null);
    setScore(null);
    setReasoning('');
    setTried(false);
    decide.setError(null);
    onClose();
  };
  return (
    <Modal open={match !== null} title={t('tournaments.host.set-winner')} onClose={close} testId="host-match-dialog">
      {match ? (
        match.state === 'DISPUTED' ? (
          <p>
            {t('tournaments.host.disputed-here')}{' '}
            <LocalLink to={paths.resolveConflict.getHref(tournament.id, match.id)}>
              {t('tournaments.host.resolve')}
            </LocalLink>
          </p>
        ) : (
          <form
            className="form"
            onSubmit={async (event) => {
              event.preventDefault();
              if (!chosen || lacking || unchanged) return;
              const result = await decide.run(chosen, reasoning, score);
              if (result.ok) close();
            }}
          >
            {match.state === 'COMPLETED' ? (
              <p className="muted">
                {t(
                  tournament.bracket === 'ROUND_ROBIN'
                    ? 'tournaments.host.change-note-round-robin'
                    : tournament.bracket === 'SWISS'
                      ? 'tournaments.host.change-note-swiss'
                      : 'tournaments.host.change-note',
                )}
              </p>
            ) : null}
            <WinnerPicker
              legend={t('tournaments.match.who-won')}
              name="host-winner"
              sides={sidesOf(match).map((side) => ({
                id: side,
                label: (
                  <>
                    {entrantName(tournament, side)}
                    {Object.values(match.reports)
                      .filter((report) => report.winner === side)
                      .slice(0, 1)
                      .map((report) => (
                        <span key="reported" className="muted">
                          {' '}
                          · {t('tournaments.host.reported-by-a-side')}
                          {scoreText(match, report.score)}
                        </span>
                      ))}
                  </>
                ),
              }))}
              value={chosen}
              onChange={(next) => {
                setWinner(next);
                setTried(false);
              }}
            />
            <ScorePicker
              bestOf={match.bestOf ?? 1}
              name="host"
              value={score}
              onChange={(next) => {
                setScore(next);
                setTried(false);
              }}
            />
            <label className="field">
              <span className="field-label">{t('tournaments.host.reasoning-optional')}</span>
              <textarea
                value={reasoning}
                maxLength={DECISION_REASONING_MAX}
                onChange={(event) => setReasoning(event.target.value)}
                rows={3}
              />
            </label>
            <FormError message={decide.error} />
            <Button
              type="submit"
              busy={decide.busy}
              disabled={lacking !== null || unchanged}
              onInertPress={() => setTried(true)}
              aria-describedby={hint}
            >
              {t('tournaments.host.save-winner')}
            </Button>
            <MissingHint
              id={hint}
              testId="host-winner-missing"
              text={
                !tried
                  ? null
                  : lacking
                    ? t(lacking)
                    : unchanged
                      ? t(`tournaments.host.unchanged.${series ? 'score' : 'winner'}`)
                      : null
              }
            />
          </form>
        )
      ) : null}
    </Modal>
  );
}
