import type { StringSchema } from 'yup';
import { hasBidiControl, isInvisibleText } from './text';

/**
 * The text checks of platform/text as yup tests, for public fields (names, connections), so a form
 * says what the server's validation kernel would refuse.
 */
export const visibleText = <S extends StringSchema<string | undefined>>(schema: S): S =>
  schema
    .test('no-bidi-control', 'validation.bidi-control', (value) => !value || !hasBidiControl(value))
    .test(
      'visible-text',
      'validation.invisible-text',
      (value) => !value || value.trim() === '' || !isInvisibleText(value),
    ) as S;
