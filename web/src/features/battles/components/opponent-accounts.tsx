import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerSummary } from '@versus/domain/battles/battle';
import { battleContactAccounts } from '@versus/domain/games/game-accounts';
import type { PublicProfile } from '@versus/domain/users/types';
import { Button } from '../../../components/button';
import { profileDoc } from '../../../lib/documents';
import { db } from '../../../lib/firebase';
import { LocalLink } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useShownName } from '../../../lib/player-name';
import { useLiveDocument } from '../../../lib/use-live-document';
import { useCopy } from '../../../lib/use-copy';

type Platform = 'discord' | 'epic' | 'steam';

/**
 * One account's value and its Copy button. The button's name stays what it does ("Copy the Discord
 * name", starting with the word it shows); what happened is said in a status line beside it:
 * "Copied", or, where the browser refuses the clipboard, that the value is selected to copy by hand.
 */
function CopyableValue({ platform, value }: { platform: Platform; value: string }) {
  const { t } = useTranslation();
  const shown = useRef<HTMLSpanElement>(null);
  const { result, copy } = useCopy();
  const selectValue = () => {
    const range = document.createRange();
    range.selectNodeContents(shown.current!);
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
  };
  return (
    <dd>
      <span ref={shown} className="account-value">
        {value}
      </span>
      <Button
        small
        variant="secondary"
        aria-label={t(`battles.battle.copy-account.${platform}`)}
        data-testid={`copy-${platform}`}
        onClick={() => void copy(value).then((copied) => copied || selectValue())}
      >
        {result === 'copied' ? t('common.copied') : t('common.copy')}
      </Button>
      <span role="status" className={result === 'failed' ? 'muted' : 'visually-hidden'}>
        {result === 'copied' ? t('common.copied') : result === 'failed' ? t('battles.battle.copy-failed') : ''}
      </span>
    </dd>
  );
}

/**
 * Where to find the opponent to play the battle (docs/decisions/0155): the accounts on their
 * profile, read live from it (a read when the page opens, and one whenever the profile changes),
 * each with a Copy button; the game's own account first, never a Riot ID (a battle shows no Riot
 * data). A profile that cannot be read shows nothing; a closed account says so.
 */
export function OpponentAccounts({ game, opponent }: { game: string; opponent: PlayerSummary }) {
  const { t } = useTranslation();
  const name = useShownName()(opponent.displayName);
  const heading = useId();
  const profile = useLiveDocument<PublicProfile>(profileDoc(db, opponent.uid));
  if (profile.status === 'loading' || profile.status === 'error') return null;
  const closed = profile.status === 'missing' || profile.data.deactivated || profile.data.anonymised === true;
  const accounts = closed ? [] : battleContactAccounts(game, profile.data);
  return (
    <section className="opponent-accounts" aria-labelledby={heading} data-testid="opponent-accounts">
      <h2 id={heading}>{t('battles.battle.find-opponent', { name })}</h2>
      {closed ? (
        <p className="muted">{t('battles.battle.account-closed', { name })}</p>
      ) : accounts.length > 0 ? (
        <dl>
          {accounts.map(({ platform, value }) => (
            <div key={platform}>
              <dt>{t(`battles.battle.accounts.${platform}`)}</dt>
              <CopyableValue platform={platform} value={value} />
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">
          {t('battles.battle.no-accounts', { name })}{' '}
          <LocalLink to={paths.user.getHref(opponent.uid)}>{t('battles.battle.their-profile')}</LocalLink>
        </p>
      )}
    </section>
  );
}
