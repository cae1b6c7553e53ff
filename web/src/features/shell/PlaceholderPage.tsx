import { useTranslation } from 'react-i18next';

/** Screens of a later release (the rating page is a placeholder in the spec itself). */
export function PlaceholderPage({ titleKey, textKey }: { titleKey: string; textKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="page narrow center">
      <h1>{t(titleKey)}</h1>
      <p className="muted">{t(textKey)}</p>
    </section>
  );
}

export function RatingPlaceholder() {
  return <PlaceholderPage titleKey="rating.title" textKey="rating.text" />;
}

export function ComingSoon() {
  return <PlaceholderPage titleKey="comingSoon.title" textKey="comingSoon.text" />;
}

export default ComingSoon;
