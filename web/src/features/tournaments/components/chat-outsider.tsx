import { useTranslation } from 'react-i18next';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import { useHydrated } from '../../../lib/client-only';
import { useSession } from '../../../lib/session/session-store';
import '../../../i18n/play-texts';

/**
 * Where the chat is for its members, what an outsider reads instead while the tournament is open or
 * in play: that its host and players chat here (a walk's visitor found no word of a chat at all).
 * Once the session is known, so a member's page never shows it first; and not in a prerendered
 * page's HTML, which is the same for everyone.
 */
export function ChatOutsider({ tournament }: { tournament: Pick<Tournament, 'state' | 'participantCount' | 'size'> }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const known = useSession((state) => state.status !== 'loading');
  if (!hydrated || !known || (tournament.state !== 'OPEN' && tournament.state !== 'ONGOING')) return null;
  return (
    <section className="card chat-outsider" aria-label={t('rooms.title')} data-testid="chat-outsider">
      <h2>{t('rooms.title')}</h2>
      {/* How to be one, while a place is free. */}
      <p className="muted">
        {t(
          tournament.state === 'OPEN' && tournament.participantCount < tournament.size
            ? 'rooms.outsider-open'
            : 'rooms.outsider',
        )}
      </p>
    </section>
  );
}
