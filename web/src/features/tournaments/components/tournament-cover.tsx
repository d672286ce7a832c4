import { shownCoverUrl, type CoverImage } from '@versus/domain/tournaments/tournament';
import type { Game } from '@versus/domain/games/games';

/** A cover on the 1.58 frame, cropped around its focal point (SPEC §3 image metadata). */
export function TournamentCover({
  cover,
  game,
  alt = '',
  className = '',
  priority = false,
}: {
  cover: Pick<CoverImage, 'downloadUrl' | 'x' | 'y'> | null;
  game: Game | string;
  alt?: string;
  className?: string;
  /** The page's largest image (a tournament's header): fetched at once, first (issue #24, LCP). */
  priority?: boolean;
}) {
  return (
    <div className={`tournament-cover ${className}`}>
      <img
        src={shownCoverUrl(cover, game)}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        style={{ objectPosition: cover ? `${cover.x}% ${cover.y}%` : '50% 50%' }}
        data-testid="tournament-cover"
      />
    </div>
  );
}
