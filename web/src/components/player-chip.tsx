import type { PlayerSummary } from '@versus/domain/battles/battle';
import { Avatar } from './avatar';
import { LocalLink } from '../lib/navigation';
import { paths } from '../lib/paths';
import { useShownName } from '../lib/player-name';

export function PlayerChip({
  player,
  size = 32,
  link = true,
}: {
  player: PlayerSummary;
  size?: number;
  link?: boolean;
}) {
  const name = useShownName()(player.displayName);
  const content = (
    <>
      <Avatar url={player.avatar} placeholder={player.avatarPlaceholder} size={size} />
      <span title={name}>{name}</span>
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
