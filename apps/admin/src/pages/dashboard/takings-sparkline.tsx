import type { Takings } from '@studio/contract/reports';
import { theme } from 'antd';
import { Area, AreaChart, ResponsiveContainer, Tooltip, XAxis } from 'recharts';
import { useFormat } from '@/shared/format/format';

/** The last 30 days' net sales as a small area in the studio's colour; a tooltip gives each day's figure. */
export function TakingsSparkline({ points }: { points: Takings['last_30_days'] }) {
  const { token } = theme.useToken();
  const format = useFormat();
  return (
    <div aria-labelledby="takings-spark" role="img" className="takings-spark">
      <ResponsiveContainer width="100%" height={64}>
        <AreaChart data={points} margin={{ top: 4, right: 0, bottom: 0, left: 0 }}>
          <XAxis dataKey="period" hide />
          <Tooltip formatter={(value) => format.money(Number(value))} labelFormatter={(label) => String(label)} />
          <Area
            type="monotone"
            dataKey="net"
            stroke={token.colorPrimary}
            fill={token.colorPrimary}
            fillOpacity={0.15}
            strokeWidth={2}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
