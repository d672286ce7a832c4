import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GAMES, type Game } from '@versus/domain/games/games';
import { useLocale } from './navigation';

export interface GameOption {
  value: Game;
  label: string;
}

/** The games as people look for them in a list: by name in the page's language, "Other games" last. */
export function useGameOptions(): GameOption[] {
  const { t } = useTranslation();
  const locale = useLocale();
  return useMemo(() => {
    const collator = new Intl.Collator(locale);
    const last = (game: Game) => (game === 'other-games' ? 1 : 0);
    return GAMES.map((game) => ({ value: game, label: t(`games.${game}`) })).sort(
      (a, b) => last(a.value) - last(b.value) || collator.compare(a.label, b.label),
    );
  }, [t, locale]);
}
