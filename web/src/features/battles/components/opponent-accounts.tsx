import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerSummary } from '@versus/domain/battles/battle';
import { battleContactAccounts } from '@versus/domain/games/game-accounts';
import type { PublicProfile } from '@versus/domain/users/types';
import { CopyButton } from '../../../components/copy-button';
import { profileDoc } from '../../../lib/documents';
import { db } from '../../../lib/firebase';
import { LocalLink } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useShownName } from '../../../lib/player-name';
import { useLiveDocument } from '../../../lib/use-live-document';

/**
 * Where to find the opponent to play the battle (docs/decisions/0155): the accounts they added to
 * their profile, read live from it (one read while the page is open), each with a copy button; the
 * game's own account first, never a Riot ID (a battle shows no Riot data).
 */
export function OpponentAccounts({ game, opponent }: { game: string; opponent: PlayerSummary }) {
  const { t } = useTranslation();
  const name = useShownName()(opponent.displayName);
  const heading = useId();
  const profile = useLiveDocument<PublicProfile>(profileDoc(db, opponent.uid));
  if (profile.status === 'loading') return null;
  const accounts = battleContactAccounts(
    game,
    profile.status === 'ready' && !profile.data.deactivated ? profile.data.thirdPartyAccounts : undefined,
  );
  return (
    <section className="opponent-accounts" aria-labelledby={heading} data-testid="opponent-accounts">
      <h2 id={heading}>{t('battles.battle.find-opponent', { name })}</h2>
      {accounts.length > 0 ? (
        <dl>
          {accounts.map(({ platform, value }) => {
            const label = t(`battles.battle.accounts.${platform}`);
            return (
              <div key={platform}>
                <dt>{label}</dt>
                <dd>
                  <span className="account-value">{value}</span>
                  <CopyButton
                    value={value}
                    label={t('battles.battle.copy-account', { account: label })}
                    testId={`copy-${platform}`}
                  />
                </dd>
              </div>
            );
          })}
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
