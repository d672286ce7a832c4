import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NotificationIcon } from './icons';
import { NOTIFICATION_CATEGORIES, typesOf } from './texts';

const pathOf = (html: string) => html.match(/ d="([^"]+)"/)?.[1];

describe('NotificationIcon', () => {
  it('draws each category of notification with an icon of its own, the same for every type in it', () => {
    const drawn = NOTIFICATION_CATEGORIES.map((category) => {
      const paths = new Set(
        typesOf(category)
          // A mention is the social category's speech bubble, drawn apart from the person.
          .filter((type) => type !== 'TOURNAMENT_ROOM_MENTION')
          .map((type) => pathOf(renderToStaticMarkup(<NotificationIcon type={type} />))),
      );
      expect(paths.size, category).toBe(1);
      return [...paths][0];
    });
    expect(new Set(drawn).size).toBe(NOTIFICATION_CATEGORIES.length);
    // A data archive is not a trophy (a new user's walk found it drawn as the tournaments').
    expect(renderToStaticMarkup(<NotificationIcon type="DATA_EXPORT_READY" />)).toContain('icon-account');
  });
});
