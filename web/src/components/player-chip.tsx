import type { PlayerSummary } from '@versus/domain/battles/battle';
import { Avatar } from './avatar';
import { LocalLink } from '../lib/navigation';
import { paths } from '../lib/paths';

export function PlayerChip({
  player,
  size = 32,
  link = true,
}: {
  player: PlayerSummary;
  size?: number;
  link?: boolean;
}) {
  const content = (
    <>
      <Avatar url={player.avatar} placeholder={player.avatarPlaceholder} size={size} />
      <span title={player.displayName}>{player.displayName}</span>
    </>
  );
  return link ? (
    <LocalLink className="player-chip" to={paths.user.getHref(player.uid)}>
      {content}
    </LocalLink>
  ) : (
    <span className="player-chip">{content}</span>
  );
}
