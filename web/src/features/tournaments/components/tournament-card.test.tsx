import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import '../../../i18n';
import { TournamentCard } from './tournament-card';

const card = (overrides: Partial<Tournament>) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={['/tournaments']}>
      <TournamentCard
        tournament={
          {
            id: 't1',
            game: 'valorant',
            name: 'Night Cup',
            startTime: Date.UTC(2026, 11, 24, 17, 0),
            entryFee: 130,
            prizePool: 260,
            participantCount: 2,
            size: 8,
            gameFormat: 'SOLO',
            coverImage: null,
            state: 'OPEN',
            ...overrides,
          } as Tournament
        }
      />
    </MemoryRouter>,
  );
const facts = (html: string) =>
  [...html.matchAll(/<dt>([^<]*)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map(([, term, value]) => [
    term,
    value!.replace(/<[^>]+>/g, ''),
  ]);

describe('a tournament card (SPEC §4 browse)', () => {
  it('shows the pool a paid tournament plays for, and none once it was cancelled and refunded (record 183)', () => {
    expect(facts(card({}))).toEqual([
      ['Entry fee', '◎Coins: 130'],
      ['Prize pool', '◎Coins: 260'],
      ['Players', '2/8'],
    ]);
    expect(facts(card({ state: 'CANCELLED' }))[1]).toEqual(['Prize pool', 'Refunded']);
    expect(facts(card({ state: 'CANCELLED', entryFee: 0, prizePool: 0 }))[1]).toEqual(['Prize pool', '—']);
  });

  it('is named by its tournament first, a heading, and its game after (shown above by the style)', () => {
    expect(card({})).toMatch(
      /<h2 class="tournament-card-name">Night Cup<\/h2><span class="tournament-card-game">VALORANT<\/span>/,
    );
  });
});
