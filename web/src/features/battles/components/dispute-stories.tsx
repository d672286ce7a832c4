import { useTranslation } from 'react-i18next';
import type { Battle } from '@versus/domain/battles/battle';
import { mediumDateTime } from '../../../lib/locale';
import { useLocale } from '../../../lib/navigation';
import { shownName } from '../../../lib/player-name';
import '../battles.css';
import '../../../i18n/page-texts';

/** Both sides' stories and proof images, each with when it was told, for the players and the platform admin. */
export function DisputeStories({ battle }: { battle: Battle }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (battle.disputes.length === 0) return null;
  return (
    <section className="dispute-stories">
      <h2>{t('battles.battle.stories')}</h2>
      {battle.disputes.map((dispute) => (
        <article key={dispute.creator} className="story">
          <header>
            <strong>{shownName(t, battle.players[dispute.creator]?.displayName)}</strong>{' '}
            <time className="muted small" dateTime={new Date(dispute.createdAt).toISOString()}>
              {mediumDateTime(locale).format(dispute.createdAt)}
            </time>
          </header>
          <p>{dispute.story}</p>
          <a href={dispute.proof.url} target="_blank" rel="noreferrer">
            <img
              src={dispute.proof.url}
              alt={t('battles.battle.proof-of', { name: shownName(t, battle.players[dispute.creator]?.displayName) })}
              className="proof"
              loading="lazy"
            />
          </a>
        </article>
      ))}
    </section>
  );
}
