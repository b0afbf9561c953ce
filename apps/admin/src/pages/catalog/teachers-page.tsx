import { adminScheduleCalls, adminTeacherCandidateCalls } from '@studio/contract/schedule';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Avatar, Form, Select, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callQuery } from '@/shared/api/client';
import { ListEditPage } from '@/shared/crud/list-edit-page';
import { usePhoneFormat } from '@/shared/format/phone';
import { requiredRule } from '@/shared/forms/forms';
import { LocalizedFields, optionalLocalizedValue } from '@/shared/forms/localized-fields';
import { ClampedText } from '@/shared/table/cells';
import type { ServerColumn } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { ImageUpload } from '@/shared/ui/image-upload';
import { ActiveTag, CATALOG_FILTERS, StatusFilter } from './status-tag';

type Teacher = z.infer<typeof adminScheduleCalls.getTeacherList.output>['rows'][number];
interface TeacherFields {
  user_id: string;
  name: Record<string, string>;
  introduction: Record<string, string>;
  photo: string | null;
  specialties: string[];
  active: boolean;
}

/** Picks the member who becomes a teacher: searched on the server as staff type. */
function MemberPicker({ value, onChange, id }: { value?: string; onChange?: (id: string) => void; id?: string }) {
  const { t } = useTranslation('catalog');
  const phone = usePhoneFormat();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    ...callQuery(adminTeacherCandidateCalls.getCandidates, { keyword, pageIndex: 1, pageSize: 20 }),
    enabled: keyword.trim().length > 0,
    placeholderData: keepPreviousData,
  });
  return (
    <Select<string>
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      onChange={onChange}
      placeholder={t('teacher.memberSearch')}
      aria-label={t('teacher.member')}
      loading={found.isFetching}
      notFoundContent={null}
      options={(found.data?.rows ?? []).map((m) => ({
        value: m._id,
        label: (
          <Space>
            <Avatar size={20} src={m.avatar ?? undefined} alt="" />
            <span>{m.nickname}</span>
            <span className="secondary-text">
              {[m.username, m.mobile && phone(m.mobile), m.email].filter(Boolean).join(' · ')}
            </span>
            {m.is_teacher && <Tag>{t('teacher.alreadyTeacher')}</Tag>}
          </Space>
        ),
      }))}
    />
  );
}

/** Teachers: members with a public profile, who run classes from their workbench. */
export function TeachersPage() {
  const { t } = useTranslation('catalog');
  const table = useTableState(CATALOG_FILTERS);
  const list = useQuery({
    ...callQuery(adminScheduleCalls.getTeacherList, listInputOf(adminScheduleCalls.getTeacherList, table.query)),
    placeholderData: keepPreviousData,
  });

  const columns: ServerColumn<Teacher>[] = [
    {
      key: 'photo',
      title: t('teacher.photo'),
      render: (_, teacher) => <Avatar size={40} src={teacher.photo ?? undefined} alt="" />,
    },
    {
      key: 'name',
      title: t('teacher.name'),
      sorter: true,
      render: (_, teacher) => <ClampedText text={teacher.name} minWidth={160} />,
    },
    {
      key: 'specialties',
      title: t('teacher.specialties'),
      render: (_, teacher) => teacher.specialties.map((s) => <Tag key={s}>{s}</Tag>),
    },
    { key: 'active', title: t('status.label'), render: (_, teacher) => <ActiveTag active={teacher.active} /> },
  ];

  return (
    <ListEditPage<Teacher, TeacherFields, typeof adminScheduleCalls.saveTeacher>
      title={t('teachers.title')}
      newLabel={t('teachers.new')}
      editLabel={t('teachers.edit')}
      nameOf={(teacher) => teacher.name}
      table={table}
      list={list}
      columns={columns}
      searchPlaceholder={t('teachers.search')}
      filters={<StatusFilter table={table} />}
      save={{
        def: adminScheduleCalls.saveTeacher,
        input: (fields, teacher) => {
          const name = optionalLocalizedValue(fields.name);
          return {
            user_id: teacher ? teacher._id : fields.user_id,
            ...(name ? { name } : {}),
            introduction: optionalLocalizedValue(fields.introduction) ?? '',
            photo: fields.photo ?? null,
            specialties: fields.specialties ?? [],
            active: fields.active,
          };
        },
        invalidates: [[adminScheduleCalls.getTeacherList.url]],
      }}
      initialValues={(teacher) =>
        teacher
          ? {
              name: teacher.name_i18n,
              introduction: teacher.introduction_i18n,
              photo: teacher.photo,
              specialties: teacher.specialties,
              active: teacher.active,
            }
          : { specialties: [], active: true, photo: null }
      }
    >
      {(editing) => (
        <>
          {editing === 'new' && (
            <Form.Item name="user_id" label={t('teacher.member')} rules={[requiredRule()]}>
              <MemberPicker />
            </Form.Item>
          )}
          <LocalizedFields name="name" label={t('teacher.name')} maxLength={64} />
          <Form.Item name="photo" label={t('teacher.photo')}>
            <ImageUpload label={t('teacher.photo')} crop />
          </Form.Item>
          <Form.Item name="specialties" label={t('teacher.specialties')} extra={t('teacher.specialtiesHelp')}>
            <Select mode="tags" open={false} suffixIcon={null} aria-label={t('teacher.specialties')} />
          </Form.Item>
          <LocalizedFields name="introduction" label={t('teacher.introduction')} maxLength={4000} multiline />
          <Form.Item name="active" label={t('status.activeLabel')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
    </ListEditPage>
  );
}
