import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VERIFIED_GAMES, isVerifiedGame } from '@versus/domain/games/game-accounts';
import { Button } from './button';
import { FormError } from './form-fields';
import { LocalLink } from '../lib/navigation';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session/session-store';
import { useCommand } from '../lib/use-command';

/** Why the game could not decide (issue #22): the server's reasons, each with its own line. */
export type GameCheckReason = 'not-verified' | 'series' | 'not-linked' | 'no-game' | 'unavailable' | 'over';

/**
 * League of Legends and Dota 2 (issue #22): the game can decide a battle or a tournament match.
 * "Check with the game" asks now and says what it found or why it could not (reports go on
 * meanwhile); a player without a linked account is sent to Connections.
 */
export function GameCheck({
  game,
  decides = isVerifiedGame(game),
  linkFirst,
  recorded,
  notRecorded,
  check,
}: {
  game: string;
  /** Whether the game's record may decide this contest (a battle: never a Riot game). */
  decides?: boolean;
  /** The line asking the player to link their account (a battle's or a match's wording). */
  linkFirst: string;
  /**
   * The two sides' accounts as recorded when the battle or the tournament began (issue #58): the
   * game is asked with these only, so linking now changes nothing for it. Absent on older ones.
   */
  recorded?: Record<string, string | null> | undefined;
  /** The line saying a side had no account recorded (a battle's or a match's wording). */
  notRecorded: string;
  check: () => Promise<{ found: boolean; reason?: GameCheckReason }>;
}) {
  const { t } = useTranslation();
  const linked = useSession((state) =>
    isVerifiedGame(game) ? state.profile?.gameAccounts?.[VERIFIED_GAMES[game]] : undefined,
  );
  const [answer, setAnswer] = useState<string | null>(null);
  const command = useCommand(async () => {
    const result = await check();
    // A series is never read from one game: to the player it is "no game decides this".
    const reason = result.reason === 'series' ? 'no-game' : (result.reason ?? 'no-game');
    setAnswer(result.found ? null : t(`battles.game-check.${reason}`));
    return result;
  });
  if (!decides || !isVerifiedGame(game)) return null;
  if (recorded && Object.values(recorded).some((account) => !account))
    return (
      <p className="muted" data-testid="game-check-not-recorded">
        {notRecorded}
      </p>
    );
  return (
    <div className="game-check" data-testid="game-check">
      <p className="muted">{t('battles.game-check.intro', { game: t(`games.${game}`) })}</p>
      {linked || recorded ? null : (
        <p>
          {linkFirst}{' '}
          <LocalLink to={paths.profile.getHref('connections')}>{t('battles.game-check.connections')}</LocalLink>
        </p>
      )}
      <Button variant="secondary" small busy={command.busy} onClick={() => void command.run()} data-testid="check-game">
        {t('battles.game-check.check')}
      </Button>
      {answer ? (
        <p role="status" data-testid="game-check-answer">
          {answer}
        </p>
      ) : null}
      <FormError message={command.error} />
    </div>
  );
}
