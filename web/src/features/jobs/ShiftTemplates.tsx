import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { Field } from '../../shared/components/Field';
import { jobsApi } from './jobsApi';
import { fillFromTemplate, templateFromForm } from './shiftTemplates';
import type { PostForm } from './validation';
import { ActionButton } from '../../shared/components/ActionButton';

/**
 * The restaurant's shift templates on the Post Shift page (issue 35): "Use a template" fills the form (the date
 * stays the form's), "Save as template" keeps the form's shape under a name, and the list deletes them.
 */
export function ShiftTemplates({
  form,
  onFill,
  disabled,
}: {
  form: PostForm;
  /** the filled form, and the template chosen (a series names it: `templateId`) */
  onFill: (form: PostForm, templateId?: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('jobs');
  const list = jobsApi.useShiftTemplatesQuery();
  const [save, saving] = jobsApi.useSaveShiftTemplateMutation();
  const [remove, removing] = jobsApi.useDeleteShiftTemplateMutation();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const templates = list.data?.templates ?? [];

  const use = (id: string) => {
    setChosen(id);
    const template = templates.find((x) => x.id === id);
    if (template) onFill(fillFromTemplate(form, template), template.id);
  };

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSaved(null);
    if (!name.trim()) {
      setError(t('templates.errors.name'));
      return;
    }
    const made = templateFromForm(form, name);
    if ('problem' in made) {
      setError(t(made.problem));
      return;
    }
    const res = await save(made.body);
    if (res.error) {
      setError(errorText(res.error, t('templates.errors.saveFailed')));
      return;
    }
    setSaved(t('templates.saved', { name: res.data.template.name }));
    setNaming(false);
    setName('');
  };

  const onDelete = async (id: string) => {
    setError(null);
    setSaved(null);
    const res = await remove(id);
    if (res.error) setError(errorText(res.error, t('templates.errors.deleteFailed')));
    else if (chosen === id) setChosen('');
  };

  return (
    <div className="card shift-templates">
      <h2>{t('templates.title')}</h2>
      {templates.length > 0 ? (
        <Field label={t('templates.use')}>
          {(p) => (
            <select {...p} value={chosen} disabled={disabled} onChange={(e) => use(e.target.value)}>
              <option value="">{t('templates.usePlaceholder')}</option>
              {templates.map((x) => (
                <option key={x.id} value={x.id}>
                  {t('templates.option', { name: x.name, start: x.startTime, end: x.endTime })}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        list.isSuccess && <p className="hint">{t('templates.none')}</p>
      )}
      {naming ? (
        // Not a nested <form>: the page's form posts the shift; Enter here saves the template.
        <div className="field-row">
          <Field label={t('templates.name')} hint={t('templates.nameHint')}>
            {(p) => (
              <input
                {...p}
                value={name}
                maxLength={80}
                autoFocus
                onChange={(e) => setName(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') void onSave(e);
                }}
              />
            )}
          </Field>
          <div className="actions-row">
            <button
              type="button"
              className="btn btn-small"
              disabled={saving.isLoading}
              onClick={(e) => void onSave(e)}
            >
              {saving.isLoading ? t('templates.saving') : t('templates.save')}
            </button>
            <button type="button" className="btn btn-small btn-secondary" onClick={() => setNaming(false)}>
              {t('templates.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="btn btn-small btn-secondary"
          disabled={disabled}
          onClick={() => {
            setSaved(null);
            setError(null);
            setNaming(true);
          }}
        >
          {t('templates.saveAs')}
        </button>
      )}
      <Alert>{error}</Alert>
      {saved && <Alert tone="success">{saved}</Alert>}
      {templates.length > 0 && (
        <details>
          <summary>{t('templates.manage', { count: templates.length })}</summary>
          <ul className="list-plain">
            {templates.map((x) => (
              <li key={x.id} className="check-row template-row">
                <span>{t('templates.option', { name: x.name, start: x.startTime, end: x.endTime })}</span>
                <ActionButton
                  className="btn btn-small btn-secondary"
                  busy={removing.isLoading}
                  onClick={() => onDelete(x.id)}
                  label={t('templates.deleteNamed', { name: x.name })}
                >
                  {t('templates.delete')}
                </ActionButton>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
