import { useTranslation } from 'react-i18next';
import { REVIEW_TAGS, type ReviewTag } from '../../shared/contracts';

/**
 * What went well, for a restaurant's review of a chef who worked the shift (issue 39): the contracts' tags as
 * checkboxes, none chosen in advance, each at most once.
 */
export function ReviewTagsField({
  value,
  onChange,
}: {
  value: readonly ReviewTag[];
  onChange: (tags: ReviewTag[]) => void;
}) {
  const { t } = useTranslation('reviews');
  const toggle = (tag: ReviewTag, on: boolean) =>
    onChange(REVIEW_TAGS.filter((x) => (x === tag ? on : value.includes(x))));
  return (
    <fieldset className="radio-list">
      <legend>{t('tagsLegend')}</legend>
      {REVIEW_TAGS.map((tag) => (
        <label key={tag} className="check-row">
          <input
            type="checkbox"
            checked={value.includes(tag)}
            onChange={(e) => toggle(tag, e.target.checked)}
          />
          {t(`tags.${tag}`)}
        </label>
      ))}
    </fieldset>
  );
}
