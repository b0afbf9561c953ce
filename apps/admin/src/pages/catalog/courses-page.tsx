import { adminScheduleCalls, COURSE_LEVELS, type CourseLevel } from '@studio/contract/schedule';
import { adminShopCalls } from '@studio/contract/shop';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Avatar, Form, InputNumber, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callQuery } from '@/shared/api/client';
import { ListEditPage } from '@/shared/crud/list-edit-page';
import { requiredRule } from '@/shared/forms/forms';
import { LocalizedFields, localizedValue, optionalLocalizedValue } from '@/shared/forms/localized-fields';
import { usePermission } from '@/shared/session/permissions';
import { ClampedText } from '@/shared/table/cells';
import type { ServerColumn } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { ImageUpload } from '@/shared/ui/image-upload';
import { ActiveTag, CATALOG_FILTERS, StatusFilter } from './status-tag';

type Course = z.infer<typeof adminScheduleCalls.getCourseList.output>['rows'][number];
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
  const table = useTableState(CATALOG_FILTERS);
  const list = useQuery({
    ...callQuery(adminScheduleCalls.getCourseList, listInputOf(adminScheduleCalls.getCourseList, table.query)),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState(false);
  const canPickPackages = usePermission('shop.manage');
  const packages = useQuery({
    ...callQuery(adminShopCalls.getGoodsList, { pageIndex: 1, pageSize: 100, type: 1, order: 'asc' }),
    enabled: canPickPackages && editing,
  });
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
  ];

  return (
    <ListEditPage<Course, CourseFields, typeof adminScheduleCalls.saveCourse>
      title={t('courses.title')}
      newLabel={t('courses.new')}
      editLabel={t('courses.edit')}
      nameOf={(course) => course.name}
      table={table}
      list={list}
      columns={columns}
      searchPlaceholder={t('courses.search')}
      filters={<StatusFilter table={table} />}
      onEditingChange={(next) => setEditing(next !== null)}
      save={{
        def: adminScheduleCalls.saveCourse,
        input: (fields, course) => ({
          ...(course ? { _id: course._id } : {}),
          name: localizedValue(fields.name),
          description: optionalLocalizedValue(fields.description) ?? '',
          cover_image: fields.cover_image ?? null,
          level: fields.level,
          duration_min: fields.duration_min,
          default_capacity: fields.default_capacity,
          active: fields.active,
          // Only staff who manage the shop see the packages, so only they change which are accepted.
          ...(canPickPackages ? { accepted_goods_ids: fields.accepted_goods_ids ?? [] } : {}),
        }),
        invalidates: [[adminScheduleCalls.getCourseList.url]],
      }}
      initialValues={(course) =>
        course
          ? {
              name: course.name_i18n,
              description: course.description_i18n,
              cover_image: course.cover_image,
              level: course.level,
              duration_min: course.duration_min,
              default_capacity: course.default_capacity,
              active: course.active,
              accepted_goods_ids: course.accepted_goods_ids,
            }
          : { level: 'all', duration_min: 60, default_capacity: 20, active: true, cover_image: null }
      }
    >
      {() => (
        <>
          <LocalizedFields name="name" label={t('course.name')} required maxLength={64} />
          <Form.Item name="cover_image" label={t('course.cover')}>
            <ImageUpload label={t('course.cover')} />
          </Form.Item>
          <Form.Item name="level" label={t('course.level')} rules={[requiredRule()]}>
            <Select options={levelOptions} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="duration_min" label={t('course.duration')} rules={[requiredRule()]}>
            <InputNumber min={5} max={600} step={5} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="default_capacity" label={t('course.capacity')} rules={[requiredRule()]}>
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
        </>
      )}
    </ListEditPage>
  );
}
