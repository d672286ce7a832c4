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
import { entrantName, scoreText } from './match-names';
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
              const choice = winner ?? match.winner;
              if (!choice || (series && !score)) return;
              const result = await decide.run(choice, reasoning, score);
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
              value={winner ?? match.winner}
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
            {(() => {
              // What the save still needs, said when it is pressed without it (a walk's; record 181).
              const chosen = winner ?? match.winner;
              const lacking = series ? !chosen || !score : !winner && !match.winner;
              const unchanged = series
                ? !lacking &&
                  chosen === match.winner &&
                  (match.score ?? []).join() ===
                    (match.participants[0] === match.winner ? score! : [score![1], score![0]]).join()
                : !lacking && (!winner || winner === match.winner);
              return (
                <>
                  <Button
                    type="submit"
                    busy={decide.busy}
                    disabled={lacking || unchanged}
                    onInertPress={() => setTried(true)}
                    aria-describedby={hint}
                  >
                    {t('tournaments.host.save-winner')}
                  </Button>
                  <p id={hint} className="muted small form-hint" role="status" data-testid="host-winner-missing">
                    {tried && (lacking || unchanged)
                      ? t(
                          unchanged
                            ? `tournaments.host.unchanged.${series ? 'score' : 'winner'}`
                            : !series
                              ? 'tournaments.match.report-missing.winner'
                              : chosen
                                ? 'tournaments.match.report-missing.score-only'
                                : 'tournaments.match.report-missing.score',
                        )
                      : null}
                  </p>
                </>
              );
            })()}
          </form>
        )
      ) : null}
    </Modal>
  );
}
