import { PlusOutlined } from '@ant-design/icons';
import { useCallMutation } from '@studio/client/mutation';
import {
  adminScheduleCalls,
  type CATALOG_STATUSES,
  COURSE_LEVELS,
  type CourseLevel,
  courseSaveInput,
} from '@studio/contract/schedule';
import { adminShopCalls } from '@studio/contract/shop';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Avatar, Button, Form, InputNumber, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call, callQuery } from '@/shared/api/client';
import { FormDrawer } from '@/shared/forms/form-drawer';
import { requiredRule, showSaveError, zodRule } from '@/shared/forms/forms';
import { LocalizedFields, localizedValue, optionalLocalizedValue } from '@/shared/forms/localized-fields';
import { usePermission } from '@/shared/session/permissions';
import { ClampedText } from '@/shared/table/cells';
import { type ServerColumn, ServerTable } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { FilterBar, FilterSelect, SearchBox } from '@/shared/ui/filter-bar';
import { ImageUpload } from '@/shared/ui/image-upload';
import { Page } from '@/shared/ui/page';
import { ActiveTag, CATALOG_FILTERS } from './status-tag';

type Course = z.infer<typeof adminScheduleCalls.getCourseList.output>['rows'][number];
type Status = (typeof CATALOG_STATUSES)[number];
interface CourseFields {
  name: Record<string, string>;
  description: Record<string, string>;
  cover_image: string | null;
  level: CourseLevel;
  duration_min: number;
  default_capacity: number;
  active: boolean;
  accepted_goods_ids?: string[];
}

/** Courses: what is taught, for how long, to how many, at which level. */
export function CoursesPage() {
  const { t } = useTranslation('catalog');
  const { message } = App.useApp();
  const table = useTableState(CATALOG_FILTERS);
  const list = useQuery({
    ...callQuery(adminScheduleCalls.getCourseList, listInputOf(adminScheduleCalls.getCourseList, table.query)),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<Course | 'new' | null>(null);
  const [form] = Form.useForm<CourseFields>();
  const canPickPackages = usePermission('shop.manage');
  const packages = useQuery({
    ...callQuery(adminShopCalls.getGoodsList, { pageIndex: 1, pageSize: 100, type: 1, order: 'asc' }),
    enabled: canPickPackages && editing !== null,
  });
  const save = useCallMutation(
    (fields: CourseFields) =>
      call(
        adminScheduleCalls.saveCourse,
        {
          ...(editing && editing !== 'new' ? { _id: editing._id } : {}),
          name: localizedValue(fields.name),
          description: optionalLocalizedValue(fields.description) ?? '',
          cover_image: fields.cover_image ?? null,
          level: fields.level,
          duration_min: fields.duration_min,
          default_capacity: fields.default_capacity,
          active: fields.active,
          // Only staff who manage the shop see the packages, so only they change which are accepted.
          ...(canPickPackages ? { accepted_goods_ids: fields.accepted_goods_ids ?? [] } : {}),
        },
        { silent: true },
      ),
    {
      invalidates: [[adminScheduleCalls.getCourseList.url]],
      onSuccess: () => {
        void message.success(t('common:saved'));
        setEditing(null);
      },
      onError: (error) => showSaveError(form, error),
    },
  );
  const levelOptions = COURSE_LEVELS.map((value) => ({ value, label: t(`course.levels.${value}`) }));

  const columns: ServerColumn<Course>[] = [
    {
      key: 'cover',
      title: t('course.cover'),
      render: (_, course) => <Avatar shape="square" size={40} src={course.cover_image ?? undefined} alt="" />,
    },
    {
      key: 'name',
      title: t('course.name'),
      sorter: true,
      render: (_, course) => <ClampedText text={course.name} minWidth={180} />,
    },
    { key: 'level', title: t('course.level'), render: (_, course) => t(`course.levels.${course.level}`) },
    {
      key: 'duration_min',
      title: t('course.durationShort'),
      sorter: true,
      align: 'right',
      render: (_, course) => t('course.minutes', { count: course.duration_min }),
    },
    {
      key: 'default_capacity',
      title: t('course.capacity'),
      dataIndex: 'default_capacity',
      sorter: true,
      align: 'right',
    },
    { key: 'active', title: t('status.label'), render: (_, course) => <ActiveTag active={course.active} /> },
    {
      key: 'actions',
      title: t('common:table.actions'),
      render: (_, course) => (
        <Button
          type="link"
          onClick={() => setEditing(course)}
          aria-label={`${t('common:actions.edit')} ${course.name}`}
        >
          {t('common:actions.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Page
      title={t('courses.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('courses.new')}
        </Button>
      }
    >
      <FilterBar>
        <SearchBox
          value={table.view.filters.keyword}
          onSearch={(keyword) => table.setFilters({ keyword })}
          placeholder={t('courses.search')}
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
      <ServerTable<Course> caption={t('courses.title')} state={table} query={list} columns={columns} />
      <FormDrawer<CourseFields>
        title={editing === 'new' ? t('courses.new') : t('courses.edit')}
        open={editing !== null}
        onClose={() => setEditing(null)}
        form={form}
        saving={save.isPending}
        onSubmit={(fields) => save.mutate(fields)}
        initialValues={
          editing && editing !== 'new'
            ? {
                name: editing.name_i18n,
                description: editing.description_i18n,
                cover_image: editing.cover_image,
                level: editing.level,
                duration_min: editing.duration_min,
                default_capacity: editing.default_capacity,
                active: editing.active,
                accepted_goods_ids: editing.accepted_goods_ids,
              }
            : { level: 'all', duration_min: 60, default_capacity: 20, active: true, cover_image: null }
        }
      >
        <LocalizedFields name="name" label={t('course.name')} required maxLength={64} />
        <Form.Item name="cover_image" label={t('course.cover')}>
          <ImageUpload label={t('course.cover')} />
        </Form.Item>
        <Form.Item name="level" label={t('course.level')} rules={[requiredRule()]}>
          <Select options={levelOptions} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item
          name="duration_min"
          label={t('course.duration')}
          rules={[requiredRule(), zodRule(courseSaveInput.shape.duration_min)]}
        >
          <InputNumber min={5} max={600} step={5} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="default_capacity"
          label={t('course.capacity')}
          rules={[requiredRule(), zodRule(courseSaveInput.shape.default_capacity)]}
        >
          <InputNumber min={1} max={500} precision={0} style={{ width: 160 }} />
        </Form.Item>
        {canPickPackages && (
          <Form.Item name="accepted_goods_ids" label={t('course.packages')} extra={t('course.packagesHelp')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('course.everyPackage')}
              options={(packages.data?.rows ?? []).map((g) => ({ value: g._id, label: g.name }))}
              style={{ maxWidth: 480 }}
            />
          </Form.Item>
        )}
        <LocalizedFields name="description" label={t('course.description')} maxLength={4000} multiline />
        <Form.Item name="active" label={t('status.activeLabel')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormDrawer>
    </Page>
  );
}
