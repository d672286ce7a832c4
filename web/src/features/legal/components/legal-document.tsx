import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/navigation';
import '../../../i18n/page-texts';

/** Legal texts are sections of headings and paragraphs in the translation files. */
export function LegalDocument({ document }: { document: 'privacy' | 'terms' }) {
  const { t } = useTranslation();
  const title = t(`legal.${document}.title`);
  usePageTitle(title);
  const sections = t(`legal.${document}.sections`, { returnObjects: true }) as Record<
    string,
    { heading: string; body: string }
  >;
  return (
    <article className="legal">
      <h1>{title}</h1>
      <p className="muted">{t('legal.updated')}</p>
      {Object.entries(sections).map(([key, section]) => (
        <section key={key}>
          <h2>{section.heading}</h2>
          <p>{section.body}</p>
        </section>
      ))}
    </article>
  );
}
