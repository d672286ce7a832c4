import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/navigation';
import { enGBPages } from '../../../i18n/locales/en-GB.pages';
import '../../../i18n/page-texts';

/**
 * Legal texts are sections of headings and paragraphs in the translation files. The sections are the
 * source's (en-GB), each text looked up on its own: a language that words only some of them (en-US
 * spells "email" in four bodies) falls back text by text, where the whole object it returns would
 * have lost the headings and the other sections.
 */
export function LegalDocument({ document }: { document: 'privacy' | 'terms' }) {
  const { t } = useTranslation();
  const title = t(`legal.${document}.title`);
  usePageTitle(title);
  const text = (key: string) => t(`legal.${document}.sections.${key}` as 'legal.privacy.title');
  return (
    <article className="legal">
      <h1>{title}</h1>
      <p className="muted">{t('legal.updated')}</p>
      {Object.keys(enGBPages.legal[document].sections).map((key) => (
        <section key={key}>
          <h2>{text(`${key}.heading`)}</h2>
          <p>{text(`${key}.body`)}</p>
        </section>
      ))}
    </article>
  );
}
