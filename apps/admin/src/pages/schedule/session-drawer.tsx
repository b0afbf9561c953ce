import { ApiError } from '@studio/client/api-error';
import { useCallMutation } from '@studio/client/mutation';
import { adminReservationCalls } from '@studio/contract/reservations';
import { capacity as capacitySchema } from '@studio/contract/schedule';
import { Checkbox, DatePicker, Form, InputNumber, Select, Switch, TimePicker } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { call } from '@/shared/api/client';
import { FormDrawer } from '@/shared/forms/form-drawer';
import { requiredRule, showSaveError, zodRule } from '@/shared/forms/forms';
import { useCatalogOptions } from './catalog-options';
import { studioInstant, weekOfFirst } from './studio-time';

export interface SessionFields {
  course_id: string;
  teacher_id: string;
  room_id: string;
  date: Dayjs;
  time: Dayjs;
  duration_min: number;
  capacity?: number | null;
  repeat: boolean;
  weekdays: number[];
  until?: Dayjs;
}

/** Where each scheduling refusal shows on the form. */
const FIELD_OF_ERROR: Record<string, keyof SessionFields> = {
  TEACHER_BUSY: 'teacher_id',
  ROOM_BUSY: 'room_id',
  TIME_RANGE_INVALID: 'time',
  COURSE_NOT_FOUND: 'course_id',
  TEACHER_NOT_FOUND: 'teacher_id',
  ROOM_NOT_FOUND: 'room_id',
};

/**
 * Schedules one session or a weekly series (course, teacher, room, date and time, capacity;
 * weekdays and a last date for a series). A teacher or room already busy is said on its field.
 */
export function SessionDrawer({
  open,
  onClose,
  initial,
  tz,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  initial: Partial<SessionFields>;
  tz: string | undefined;
  /** How many sessions were made, and the Monday of the studio's week of the first of them. */
  onCreated: (created: { count: number; week: string | undefined }) => void;
}) {
  const { t } = useTranslation('schedule');
  const [form] = Form.useForm<SessionFields>();
  const { courses, teachers, rooms } = useCatalogOptions();
  const repeat = Form.useWatch('repeat', form);

  const save = useCallMutation(
    async (f: SessionFields) => {
      const starts = studioInstant(f.date.format('YYYY-MM-DD'), f.time.format('HH:mm'), tz);
      const base = {
        course_id: f.course_id,
        teacher_id: f.teacher_id,
        room_id: f.room_id,
        starts_at: starts.toISOString(),
        ends_at: starts.add(f.duration_min, 'minute').toISOString(),
        ...(f.capacity ? { capacity: f.capacity } : {}),
      };
      if (!f.repeat) {
        const { session } = await call(adminReservationCalls.createSession, base, { silent: true });
        return [session.starts_at];
      }
      const series = await call(
        adminReservationCalls.createSeries,
        { ...base, weekdays: f.weekdays, until: (f.until ?? f.date).format('YYYY-MM-DD') },
        { silent: true },
      );
      return series.sessions.map((s) => s.starts_at);
    },
    {
      invalidates: [[adminReservationCalls.getCalendar.url]],
      onSuccess: (starts) => onCreated({ count: starts.length, week: weekOfFirst(starts, tz) }),
      onError: (error) => {
        const field = error instanceof ApiError ? FIELD_OF_ERROR[String(error.code)] : undefined;
        if (field) {
          form.setFields([{ name: field, errors: [(error as ApiError).msg] }]);
          return;
        }
        showSaveError(form, error);
      },
    },
  );

  const weekdays = [1, 2, 3, 4, 5, 6, 0].map((value) => ({ value, label: t(`weekdays.${value}`) }));

  return (
    <FormDrawer<SessionFields>
      title={t('drawer.title')}
      open={open}
      onClose={onClose}
      form={form}
      saving={save.isPending}
      onSubmit={(fields) => save.mutate(fields)}
      initialValues={{ duration_min: 60, repeat: false, weekdays: [], ...initial }}
    >
      <Form.Item name="course_id" label={t('drawer.course')} rules={[requiredRule()]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={courses.map((c) => ({ value: c._id, label: c.name }))}
          onChange={(id: string) => {
            const course = courses.find((c) => c._id === id);
            if (course) form.setFieldsValue({ duration_min: course.duration_min, capacity: course.default_capacity });
          }}
        />
      </Form.Item>
      <Form.Item name="teacher_id" label={t('drawer.teacher')} rules={[requiredRule()]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={teachers.map((x) => ({ value: x._id, label: x.name }))}
        />
      </Form.Item>
      <Form.Item name="room_id" label={t('drawer.room')} rules={[requiredRule()]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={rooms.map((r) => ({
            value: r._id,
            label: t('drawer.roomOption', { name: r.name, count: r.capacity }),
          }))}
        />
      </Form.Item>
      <Form.Item name="date" label={t('drawer.date')} rules={[requiredRule()]}>
        <DatePicker style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="time"
        label={t('drawer.time')}
        rules={[requiredRule()]}
        extra={tz ? t('drawer.zone', { tz }) : undefined}
      >
        <TimePicker format="HH:mm" minuteStep={5} style={{ width: 200 }} needConfirm={false} />
      </Form.Item>
      <Form.Item name="duration_min" label={t('drawer.duration')} rules={[requiredRule()]}>
        <InputNumber min={5} max={600} step={5} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="capacity"
        label={t('drawer.capacity')}
        extra={t('drawer.capacityHelp')}
        rules={[zodRule(capacitySchema)]}
      >
        <InputNumber min={1} max={500} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="repeat" label={t('drawer.repeat')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {repeat && (
        <>
          <Form.Item
            name="weekdays"
            label={t('drawer.weekdays')}
            rules={[{ required: true, type: 'array', min: 1, message: t('drawer.weekdaysRequired') }]}
          >
            <WeekdayChecks options={weekdays} />
          </Form.Item>
          <Form.Item
            name="until"
            label={t('drawer.until')}
            rules={[
              requiredRule(),
              ({ getFieldValue }) => ({
                validator: async (_, value: Dayjs | undefined) => {
                  const date = getFieldValue('date') as Dayjs | undefined;
                  if (value && date && value.isBefore(date, 'day')) throw new Error(t('drawer.untilBeforeDate'));
                },
              }),
            ]}
          >
            <DatePicker style={{ width: 200 }} minDate={dayjs()} />
          </Form.Item>
        </>
      )}
    </FormDrawer>
  );
}

/**
 * The weekdays' checkboxes. Form.Item marks a required control aria-required, which a group of
 * checkboxes (role="group") may not carry (axe: aria-allowed-attr): the label's asterisk and the
 * message under the group say it instead.
 */
function WeekdayChecks({
  'aria-required': _required,
  ...props
}: CheckboxGroupProps<number> & { 'aria-required'?: unknown }) {
  return <Checkbox.Group {...props} />;
}
