import { zodResolver } from '@hookform/resolvers/zod';
import type { accountCalls, UserInfo } from '@studio/contract/account';
import { birthday, gender as genderSchema, isFutureDate, nickname } from '@studio/contract/validators';
import { Button, DatePicker, Selector } from 'antd-mobile';
import dayjs from 'dayjs';
import { type ChangeEvent, lazy, Suspense, useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { IMAGE_MIME_TYPES, uploadImage } from '@/shared/api/upload';
import { fieldErrorText } from '@/shared/forms/field-error';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { navigateBack } from '@/shared/navigation/navigation';
import { Avatar } from '@/shared/ui/avatar';
import { showToast } from '@/shared/ui/feedback';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { TextField } from '@/shared/ui/text-field';
import { setAvatar, updateUser, useMyUserInfo } from '../api/user-info';
import { SubmitBar } from '../components/form-parts';

// The cropper and its library load when a photo is chosen, not with the page.
const AvatarCropper = lazy(() => import('../components/avatar-cropper'));

const GENDERS = [
  { value: 0, labelKey: 'account.info.genderPrivate' },
  { value: 1, labelKey: 'account.info.genderMale' },
  { value: 2, labelKey: 'account.info.genderFemale' },
] as const;

// The same fields as user/kh/updateUser, but every one required: the form always sends all three.
const schema = z.object({
  nickname,
  gender: genderSchema,
  birthday: birthday.refine((date) => !isFutureDate(date), 'birthdayFuture').nullable(),
});
type Values = z.infer<typeof schema>;

export function InfoPage() {
  const { data, error, isPending, refetch } = useMyUserInfo();
  if (isPending) return <PageSkeleton rows={2} />;
  if (error) return <PageError error={error} onRetry={() => void refetch()} />;
  return <InfoForm userInfo={data.userInfo} />;
}

function InfoForm({ userInfo }: { userInfo: UserInfo }) {
  const { t } = useTranslation();
  const fileId = useId();
  const genderLabelId = useId();
  const [pickingDate, setPickingDate] = useState(false);
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { nickname: userInfo.nickname, gender: userInfo.gender, birthday: userInfo.birthday },
  });

  const [save, saving] = useLockedAction(async (values: Values) => {
    await updateUser(values satisfies z.input<typeof accountCalls.updateUser.input>);
    showToast(t('common.saved'));
    navigateBack();
  });

  const [changeAvatar, uploading] = useLockedAction(async (file: File) => {
    await setAvatar(await uploadImage(file));
    showToast(t('account.info.avatarChanged'));
  });

  // The chosen photo, as an object URL, while the cropper frames it.
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen)), [chosen]);

  function onFile(event: ChangeEvent<HTMLInputElement>): void {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) setChosen(URL.createObjectURL(file));
  }

  return (
    <div className="stack">
      <div className="card avatar-row">
        <Avatar src={userInfo.avatar} name={userInfo.nickname || userInfo.username || '?'} size={72} />
        <div className="avatar-row-text">
          <label htmlFor={fileId} className={`upload-button${uploading ? ' is-busy' : ''}`}>
            {uploading ? t('account.info.avatarUploading') : t('account.info.changeAvatar')}
          </label>
          <input
            id={fileId}
            className="visually-hidden"
            type="file"
            accept={IMAGE_MIME_TYPES.join(',')}
            disabled={uploading}
            onChange={onFile}
          />
          <p className="secondary">{t('account.info.avatarHint')}</p>
        </div>
      </div>

      {chosen && (
        <Suspense fallback={null}>
          <AvatarCropper src={chosen} onSave={changeAvatar} onClose={() => setChosen(null)} />
        </Suspense>
      )}

      <form className="card form-card" noValidate onSubmit={handleSubmit(save)}>
        {userInfo.username && (
          <div className="field">
            <span className="field-label">{t('account.fields.username')}</span>
            <div className="field-row">{userInfo.username}</div>
          </div>
        )}
        <TextField
          control={control}
          name="nickname"
          label={t('account.info.nickname')}
          maxLength={32}
          autoComplete="nickname"
        />

        <div className="field">
          <span className="field-label" id={genderLabelId}>
            {t('account.info.gender')}
          </span>
          <Controller
            control={control}
            name="gender"
            render={({ field }) => (
              <Selector
                aria-labelledby={genderLabelId}
                columns={3}
                showCheckMark={false}
                options={GENDERS.map((g) => ({ value: g.value, label: t(g.labelKey) }))}
                value={[field.value]}
                onChange={(values) => {
                  if (values[0] !== undefined) field.onChange(values[0]);
                }}
              />
            )}
          />
        </div>

        <Controller
          control={control}
          name="birthday"
          render={({ field, fieldState }) => (
            <div className="field">
              <span className="field-label">{t('account.info.birthday')}</span>
              <div className="field-row">
                <Button
                  className="picker-button"
                  fill="none"
                  aria-label={`${t('account.info.birthday')}: ${field.value ?? t('account.info.notSet')}`}
                  onClick={() => setPickingDate(true)}
                >
                  {field.value ?? t('account.info.notSet')}
                </Button>
              </div>
              <DatePicker
                title={t('account.info.birthday')}
                visible={pickingDate}
                onClose={() => setPickingDate(false)}
                min={new Date(1900, 0, 1)}
                max={new Date()}
                defaultValue={field.value ? dayjs(field.value).toDate() : new Date(1995, 0, 1)}
                confirmText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={(date) => field.onChange(dayjs(date).format('YYYY-MM-DD'))}
              />
              {fieldState.error && (
                <p className="field-error" role="alert">
                  {fieldErrorText(t, fieldState.error)}
                </p>
              )}
            </div>
          )}
        />

        <SubmitBar pending={saving} label={t('common.save')} />
      </form>
    </div>
  );
}
