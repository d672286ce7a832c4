import { useTranslation } from 'react-i18next';
import { gamesToWin } from '@versus/domain/tournaments/play';
import type { BestOf } from '@versus/domain/tournaments/tournament';

/** The finished scores of a best of n, the winner's games first: 2–0 and 2–1 in a best of 3. */
export const seriesScores = (bestOf: BestOf): [number, number][] =>
  Array.from({ length: gamesToWin(bestOf) }, (_, lost) => [gamesToWin(bestOf), lost]);

/**
 * "What was the score?" for a series (issue #21): one chip per finished score, the winner's games
 * first, beside the winner picker of a match's report, the host's decision and a dispute's
 * resolution. A best of 1 asks nothing.
 */
export function ScorePicker({
  bestOf,
  name,
  value,
  onChange,
}: {
  bestOf: BestOf;
  /** The radio group's name, unique on the page. */
  name: string;
  value: [number, number] | null;
  onChange: (score: [number, number]) => void;
}) {
  const { t } = useTranslation();
  if (bestOf === 1) return null;
  return (
    <fieldset data-testid={`${name}-score`}>
      <legend>{t('tournaments.series.score', { count: bestOf })}</legend>
      <div className="chip-row">
        {seriesScores(bestOf).map((score) => {
          const label = score.join('–');
          const checked = value?.join() === score.join();
          return (
            <label key={label} className={`chip ${checked ? 'chip-active' : ''}`}>
              <input type="radio" name={name} value={label} checked={checked} onChange={() => onChange(score)} />
              {label}
            </label>
          );
        })}
      </div>
      <p className="muted field-hint">{t('tournaments.series.winner-first')}</p>
    </fieldset>
  );
}
