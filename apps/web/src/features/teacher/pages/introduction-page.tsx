import { zodResolver } from '@hookform/resolvers/zod';
import type { TeacherRecord } from '@studio/contract/schedule';
import { teacherCalls } from '@studio/contract/teacher';
import { Button, Input, TextArea } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '@/shared/forms/field-error';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { navigateBack } from '@/shared/navigation/navigation';
import { showToast } from '@/shared/ui/feedback';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { type IntroductionInput, updateIntroduction } from '../api/introduction';
import { useWorkbench } from '../api/workbench';
import { RoleGate } from '../components/role-gate';
import '../components/teacher.css';

const INTRODUCTION_MAX = 4000;
const SPECIALTY_MAX = 40;
const SPECIALTIES_MAX = 20;

/** teacher/introduction: edit my public introduction and specialties. */
export function IntroductionPage() {
  return (
    <RoleGate need="teacher">
      <Introduction />
    </RoleGate>
  );
}

function Introduction() {
  const { data, error, isPending, refetch } = useWorkbench();
  if (isPending) return <PageSkeleton rows={2} />;
  if (error) return <PageError error={error} onRetry={() => void refetch()} />;
  return <IntroductionForm teacher={data.teacher} />;
}

type Values = IntroductionInput;

function IntroductionForm({ teacher }: { teacher: TeacherRecord }) {
  const { t } = useTranslation();
  const introId = useId();
  const specialtyId = useId();
  const [draft, setDraft] = useState('');
  const { control, handleSubmit } = useForm<Values>({
    // The call's own schema: the same limits the server applies.
    resolver: zodResolver(teacherCalls.updateIntroduction.input),
    defaultValues: { introduction: teacher.introduction, specialties: teacher.specialties },
  });

  const [save, saving] = useLockedAction(async (values: Values) => {
    await updateIntroduction(values);
    showToast(t('common.saved'));
    navigateBack();
  });

  return (
    <form className="stack" noValidate onSubmit={handleSubmit(save)}>
      <section className="card form-card">
        <Controller
          control={control}
          name="introduction"
          render={({ field, fieldState }) => {
            const error = fieldErrorText(t, fieldState.error);
            return (
              <div className={`field${error ? ' field-invalid' : ''}`}>
                <label className="field-label" htmlFor={introId}>
                  {t('teacher.introduction.label')}
                </label>
                <TextArea
                  id={introId}
                  className="intro-textarea"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  placeholder={t('teacher.introduction.placeholder')}
                  autoSize={{ minRows: 5, maxRows: 14 }}
                  maxLength={INTRODUCTION_MAX}
                  showCount
                />
                {error ? (
                  <p className="field-error" role="alert">
                    {error}
                  </p>
                ) : (
                  <p className="field-hint">{t('teacher.introduction.hint')}</p>
                )}
              </div>
            );
          }}
        />
      </section>
      <section className="card form-card">
        <Controller
          control={control}
          name="specialties"
          render={({ field, fieldState }) => {
            const list = field.value ?? [];
            const error = fieldErrorText(t, fieldState.error);
            const add = () => {
              const value = draft.trim().slice(0, SPECIALTY_MAX);
              if (!value || list.some((s) => s.toLowerCase() === value.toLowerCase())) {
                setDraft('');
                return;
              }
              field.onChange([...list, value]);
              setDraft('');
            };
            return (
              <div className={`field${error ? ' field-invalid' : ''}`}>
                <label className="field-label" htmlFor={specialtyId}>
                  {t('teacher.introduction.specialties')}
                </label>
                {list.length > 0 && (
                  <ul className="chips specialty-chips">
                    {list.map((s) => (
                      <li className="chip chip-removable" key={s}>
                        <span>{s}</span>
                        <button
                          type="button"
                          className="chip-remove"
                          aria-label={t('teacher.introduction.remove', { name: s })}
                          onClick={() => field.onChange(list.filter((x) => x !== s))}
                        >
                          <CloseOutline aria-hidden="true" />
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
                <div className="field-row">
                  <Input
                    id={specialtyId}
                    value={draft}
                    onChange={setDraft}
                    onEnterPress={(e) => {
                      e.preventDefault();
                      add();
                    }}
                    placeholder={t('teacher.introduction.specialtyPlaceholder')}
                    maxLength={SPECIALTY_MAX}
                    disabled={list.length >= SPECIALTIES_MAX}
                  />
                  <Button
                    color="primary"
                    fill="outline"
                    disabled={!draft.trim() || list.length >= SPECIALTIES_MAX}
                    onClick={add}
                  >
                    {t('teacher.introduction.add')}
                  </Button>
                </div>
                {error ? (
                  <p className="field-error" role="alert">
                    {error}
                  </p>
                ) : (
                  <p className="field-hint">{t('teacher.introduction.specialtiesHint', { max: SPECIALTIES_MAX })}</p>
                )}
              </div>
            );
          }}
        />
      </section>
      <Button
        type="submit"
        block
        color="primary"
        size="large"
        loading={saving}
        loadingText={t('common.save')}
        disabled={saving}
      >
        {t('common.save')}
      </Button>
    </form>
  );
}
