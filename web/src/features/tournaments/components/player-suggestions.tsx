import { useTranslation } from 'react-i18next';
import { PlayerChip } from '../../../components/player-chip';
import type { Suggestion } from '../../../lib/suggest-users';

/**
 * The players a search suggests, each a button that acts on them (a party invite, a substitute);
 * one already in the tournament's parties is shown and cannot be picked. A search that found no one
 * says so, as the challenge form's does.
 */
export function PlayerSuggestions({
  text,
  searching,
  hits,
  taken,
  busy,
  action,
  onPick,
  testId,
}: {
  text: string;
  searching: boolean;
  hits: Suggestion[];
  taken: (uid: string) => boolean;
  busy: boolean;
  action: string;
  onPick: (uid: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  if (hits.length === 0)
    return text.trim() && !searching ? <p className="muted">{t('battles.challenge.no-suggestions')}</p> : null;
  return (
    <ul className="suggestions" role="listbox" aria-label={t('battles.challenge.suggestions')}>
      {hits.map((hit) => (
        <li key={hit.id} role="option" aria-selected={false}>
          <button type="button" disabled={taken(hit.id) || busy} onClick={() => onPick(hit.id)} data-testid={testId}>
            <PlayerChip player={{ ...hit.source, uid: hit.id }} link={false} size={24} />
            <span className="muted">{taken(hit.id) ? t('tournaments.party.already') : action}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
