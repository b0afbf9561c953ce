import { adminReportCalls, type ClassesReport, type ClassStats } from '@studio/contract/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Tooltip as AntTooltip, Col, Flex, Row, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { QueryState } from '@/shared/ui/page';
import type { ReportQuery } from './report-range';
import { ChartCard, ExportCsvButton, FigureCard, tint, useReportColours, useShare } from './report-ui';

type Named = ClassStats & { _id: string; name: string };
type Cell = ClassesReport['heatmap'][number];

/** Classes: fill, check-ins, no-shows, late cancellations and waitlist demand by course, teacher and weekday × hour. */
export function ClassesReportView({ query }: { query: ReportQuery }) {
  const { t } = useTranslation('reports');
  const report = useQuery({ ...callQuery(adminReportCalls.classes, query.range), placeholderData: keepPreviousData });
  return (
    <Flex vertical gap={16}>
      <Flex justify="flex-end">
        <ExportCsvButton name={t('tabs.classes')} fetch={() => call(adminReportCalls.classesCsv, query.range)} />
      </Flex>
      <QueryState query={report}>{(data) => <ClassesView report={data} />}</QueryState>
    </Flex>
  );
}

const COUNTS = ['sessions', 'check_ins', 'no_shows', 'late_cancels', 'waitlisted'] as const;

/** The columns every classes table shares after its first. */
function useStatColumns<T extends ClassStats>(): ColumnsType<T> {
  const { t } = useTranslation('reports');
  const share = useShare();
  return [
    { key: 'sessions', title: t('classes.sessions'), dataIndex: 'sessions', align: 'right' },
    {
      key: 'booked',
      title: t('classes.booked'),
      align: 'right',
      render: (_, row) => t('classes.bookedOf', { booked: row.booked, seats: row.seats }),
    },
    { key: 'fill', title: t('classes.fill_rate'), align: 'right', render: (_, row) => share(row.fill_rate) },
    { key: 'check_ins', title: t('classes.check_ins'), dataIndex: 'check_ins', align: 'right' },
    { key: 'no_shows', title: t('classes.no_shows'), dataIndex: 'no_shows', align: 'right' },
    { key: 'late_cancels', title: t('classes.late_cancels'), dataIndex: 'late_cancels', align: 'right' },
    { key: 'waitlisted', title: t('classes.waitlisted'), dataIndex: 'waitlisted', align: 'right' },
  ];
}

function ClassesView({ report }: { report: ClassesReport }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const share = useShare();
  const { total, previous } = report;
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={4}>
          <FigureCard
            title={t('classes.fill_rate')}
            current={total.fill_rate}
            previous={previous.fill_rate}
            show={share}
            note={t('classes.bookedOf', { booked: total.booked, seats: total.seats })}
          />
        </Col>
        {COUNTS.map((key) => (
          <Col key={key} xs={12} lg={4}>
            <FigureCard
              title={t(`classes.${key}`)}
              current={total[key]}
              previous={previous[key]}
              show={format.number}
              lowerIsBetter={key === 'no_shows' || key === 'late_cancels'}
            />
          </Col>
        ))}
      </Row>
      <HeatMap cells={report.heatmap} />
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <FillChart title={t('classes.byCourse')} name={t('classes.course')} rows={report.by_course} />
        </Col>
        <Col span={24}>
          <FillChart title={t('classes.byTeacher')} name={t('classes.teacher')} rows={report.by_teacher} />
        </Col>
      </Row>
    </Flex>
  );
}

/** Fill rate by course or teacher: a bar each, its table below. */
function FillChart({ title, name, rows }: { title: string; name: string; rows: Named[] }) {
  const colours = useReportColours();
  const share = useShare();
  const columns = useStatColumns<Named>();
  const data = rows.map((row) => ({ name: row.name, fill: Math.round((row.fill_rate ?? 0) * 100) }));
  return (
    <ChartCard
      title={title}
      empty={rows.length === 0}
      chart={
        <ResponsiveContainer width="100%" height={Math.max(140, rows.length * 30 + 40)}>
          <BarChart data={data} layout="vertical" margin={{ top: 8, right: 24, bottom: 0, left: 16 }}>
            <CartesianGrid stroke={colours.grid} horizontal={false} />
            <XAxis
              type="number"
              domain={[0, 100]}
              tickFormatter={(v) => `${v}%`}
              tick={{ fill: colours.text, fontSize: 12 }}
            />
            <YAxis type="category" dataKey="name" width={140} tick={{ fill: colours.text, fontSize: 12 }} />
            <Tooltip formatter={(value) => share(Number(value) / 100)} />
            <Bar dataKey="fill" name={title} fill={colours.primary} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <Table<Named>
          rowKey="_id"
          size="small"
          aria-label={title}
          dataSource={rows}
          pagination={false}
          scroll={{ x: true }}
          columns={[{ key: 'name', title: name, dataIndex: 'name' }, ...columns]}
        />
      }
    />
  );
}

/**
 * When classes fill: a row per weekday, a column per start hour, each cell tinted by its fill rate
 * in the studio's colour (empty where no class starts); the table below lists the cells.
 */
function HeatMap({ cells }: { cells: Cell[] }) {
  const { t } = useTranslation('reports');
  const colours = useReportColours();
  const share = useShare();
  const columns = useStatColumns<Cell>();
  const hours = cells.map((c) => c.hour);
  const first = Math.min(...hours);
  const last = Math.max(...hours);
  const span = cells.length ? Array.from({ length: last - first + 1 }, (_, i) => first + i) : [];
  const at = new Map(cells.map((c) => [`${c.weekday}:${c.hour}`, c]));
  const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
  const weekday = (day: number) => t(`weekdays.${day}`);
  return (
    <ChartCard
      title={t('classes.heatmap')}
      empty={cells.length === 0}
      chart={
        <table className="report-heatmap" aria-label={t('classes.heatmap')}>
          <thead>
            <tr>
              <td />
              {span.map((hour) => (
                <th key={hour} scope="col" className="report-heatmap-hour">
                  {hourLabel(hour)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[0, 1, 2, 3, 4, 5, 6].map((day) => (
              <tr key={day}>
                <th scope="row" className="report-heatmap-day">
                  {weekday(day)}
                </th>
                {span.map((hour) => {
                  const cell = at.get(`${day}:${hour}`);
                  if (!cell) return <td key={hour} className="report-heatmap-cell is-empty" />;
                  const fill = cell.fill_rate ?? 0;
                  return (
                    <AntTooltip
                      key={hour}
                      title={t('classes.cell', {
                        day: weekday(day),
                        hour: hourLabel(hour),
                        fill: share(cell.fill_rate),
                        sessions: cell.sessions,
                        waitlisted: cell.waitlisted,
                      })}
                    >
                      <td className="report-heatmap-cell" style={{ background: tint(colours.primary, fill) }}>
                        {share(cell.fill_rate)}
                      </td>
                    </AntTooltip>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      }
      table={
        <Table<Cell>
          rowKey={(c) => `${c.weekday}:${c.hour}`}
          size="small"
          aria-label={t('classes.heatmapTable')}
          dataSource={[...cells].sort((a, b) => a.weekday - b.weekday || a.hour - b.hour)}
          pagination={cells.length > 14 ? { pageSize: 14, showSizeChanger: false } : false}
          scroll={{ x: true }}
          columns={[
            { key: 'when', title: t('classes.when'), render: (_, c) => `${weekday(c.weekday)} ${hourLabel(c.hour)}` },
            ...columns,
          ]}
        />
      }
    />
  );
}
