import { PlusOutlined } from '@ant-design/icons';
import { useCallMutation } from '@studio/client/mutation';
import {
  adminScheduleCalls,
  adminTeacherCandidateCalls,
  type CATALOG_STATUSES,
  teacherSaveInput,
} from '@studio/contract/schedule';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Avatar, Button, Form, Select, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call, callQuery } from '@/shared/api/client';
import { usePhoneFormat } from '@/shared/format/phone';
import { FormDrawer } from '@/shared/forms/form-drawer';
import { requiredRule, showSaveError, zodRule } from '@/shared/forms/forms';
import { LocalizedFields, optionalLocalizedValue } from '@/shared/forms/localized-fields';
import { ClampedText } from '@/shared/table/cells';
import { type ServerColumn, ServerTable } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { FilterBar, FilterSelect, SearchBox } from '@/shared/ui/filter-bar';
import { ImageUpload } from '@/shared/ui/image-upload';
import { Page } from '@/shared/ui/page';
import { ActiveTag, CATALOG_FILTERS } from './status-tag';

type Teacher = z.infer<typeof adminScheduleCalls.getTeacherList.output>['rows'][number];
type Status = (typeof CATALOG_STATUSES)[number];
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
  const { message } = App.useApp();
  const table = useTableState(CATALOG_FILTERS);
  const list = useQuery({
    ...callQuery(adminScheduleCalls.getTeacherList, listInputOf(adminScheduleCalls.getTeacherList, table.query)),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<Teacher | 'new' | null>(null);
  const [form] = Form.useForm<TeacherFields>();
  const save = useCallMutation(
    (fields: TeacherFields) => {
      const name = optionalLocalizedValue(fields.name);
      const introduction = optionalLocalizedValue(fields.introduction);
      return call(
        adminScheduleCalls.saveTeacher,
        {
          user_id: editing && editing !== 'new' ? editing._id : fields.user_id,
          ...(name ? { name } : {}),
          introduction: introduction ?? '',
          photo: fields.photo ?? null,
          specialties: fields.specialties ?? [],
          active: fields.active,
        },
        { silent: true },
      );
    },
    {
      invalidates: [[adminScheduleCalls.getTeacherList.url]],
      onSuccess: () => {
        void message.success(t('common:saved'));
        setEditing(null);
      },
      onError: (error) => showSaveError(form, error),
    },
  );

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
    {
      key: 'actions',
      title: t('common:table.actions'),
      render: (_, teacher) => (
        <Button
          type="link"
          onClick={() => setEditing(teacher)}
          aria-label={`${t('common:actions.edit')} ${teacher.name}`}
        >
          {t('common:actions.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Page
      title={t('teachers.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('teachers.new')}
        </Button>
      }
    >
      <FilterBar>
        <SearchBox
          value={table.view.filters.keyword}
          onSearch={(keyword) => table.setFilters({ keyword })}
          placeholder={t('teachers.search')}
        />
        <FilterSelect<Status>
          label={t('status.label')}
          allLabel={t('status.all')}
          value={table.view.filters.status as Status | undefined}
          onChange={(status) => table.setFilters({ status })}
          options={[
            { value: 'active', label: t('status.active') },
            { value: 'inactive', label: t('status.inactive') },
          ]}
        />
      </FilterBar>
      <ServerTable<Teacher> caption={t('teachers.title')} state={table} query={list} columns={columns} />
      <FormDrawer<TeacherFields>
        title={editing === 'new' ? t('teachers.new') : t('teachers.edit')}
        open={editing !== null}
        onClose={() => setEditing(null)}
        form={form}
        saving={save.isPending}
        onSubmit={(fields) => save.mutate(fields)}
        initialValues={
          editing && editing !== 'new'
            ? {
                name: editing.name_i18n,
                introduction: editing.introduction_i18n,
                photo: editing.photo,
                specialties: editing.specialties,
                active: editing.active,
              }
            : { specialties: [], active: true, photo: null }
        }
      >
        {editing === 'new' && (
          <Form.Item name="user_id" label={t('teacher.member')} rules={[requiredRule()]}>
            <MemberPicker />
          </Form.Item>
        )}
        <LocalizedFields name="name" label={t('teacher.name')} maxLength={64} />
        <Form.Item name="photo" label={t('teacher.photo')}>
          <ImageUpload label={t('teacher.photo')} crop />
        </Form.Item>
        <Form.Item
          name="specialties"
          label={t('teacher.specialties')}
          extra={t('teacher.specialtiesHelp')}
          rules={[zodRule(teacherSaveInput.shape.specialties)]}
        >
          <Select mode="tags" open={false} suffixIcon={null} aria-label={t('teacher.specialties')} />
        </Form.Item>
        <LocalizedFields name="introduction" label={t('teacher.introduction')} maxLength={4000} multiline />
        <Form.Item name="active" label={t('status.activeLabel')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormDrawer>
    </Page>
  );
}
