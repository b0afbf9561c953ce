// The data of a studio at real size (issue #26 §3), written in bulk with SQL (generate_series,
// INSERT … SELECT) into a database that the app has migrated and seeded with its demo: members,
// two years of classes with their reservations, waitlists and packages, orders with their lines,
// payments, refunds and timeline, the wallet and points ledgers, feedback threads and notices.
//
// Every row is one the app could have written: statuses from the contract, a session's
// booked_count is its reservations not cancelled (within capacity), a package's remaining credits
// are its total less the reservations not cancelled that it paid, a paid order has one succeeded
// payment of its amount, a refunded one an approved application with its lines and a settled
// payment refund, and each wallet or points account's balance is the sum of its ledger, whose
// balance_after runs in seq order and never goes below 0.
//
// Sizes: `full` is the issue's (50,000 members, ≈30,000 sessions, ≈1,000,000 reservations,
// 200,000 orders, 20,000 feedback threads); `demo × N` is N times what `npm start` seeds (12
// members, 3 sessions a day over 14 days) with the same history per member as the full size.
import pg from 'pg';

export interface ScaleSize {
  label: string;
  members: number;
  /** Days of classes, ending `futureDays` after today. */
  days: number;
  futureDays: number;
  sessionsPerDay: number;
  rooms: number;
  teachers: number;
  courses: number;
  /** Reservations aimed at (cancelled ones included); the result is within a few % of it. */
  reservations: number;
  /** Shop orders; each member also bought two course packages (an order each). */
  goodsOrders: number;
  feedback: number;
  /** Share of members who joined before the first class; the rest join evenly over the period. */
  joinedBefore: number;
}

export const FULL_SIZE: ScaleSize = {
  label: 'full',
  members: 50_000,
  days: 750,
  futureDays: 28,
  sessionsPerDay: 40,
  rooms: 8,
  teachers: 20,
  courses: 24,
  reservations: 1_000_000,
  goodsOrders: 100_000,
  feedback: 20_000,
  joinedBefore: 0.2,
};

/** N times the demo `npm start` seeds (12 members, 42 sessions over two weeks), with the full size's history per member. */
export function demoSize(n: number): ScaleSize {
  const members = 12 * n;
  return {
    label: `demo×${n}`,
    members,
    days: 14,
    futureDays: 7,
    sessionsPerDay: 3 * n,
    rooms: Math.min(8, 3 * n),
    teachers: Math.min(20, 3 * n),
    courses: Math.min(24, 5 * n),
    reservations: members * 20,
    goodsOrders: members * 2,
    feedback: Math.max(1, Math.round(members * 0.4)),
    joinedBefore: 1,
  };
}

export function sizeOf(name: string): ScaleSize {
  if (name === 'full') return FULL_SIZE;
  const n = Number(name.replace(/^demo/, '').replace(/x$/, ''));
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`unknown size ${name}: full, or a whole multiple of the demo (1, 10)`);
  return demoSize(n);
}

export interface GeneratedCounts {
  [table: string]: number;
}

const FIRST = [
  'Olivia',
  'Amelia',
  'Isla',
  'Ava',
  'Mia',
  'Ivy',
  'Lily',
  'Isabella',
  'Rosie',
  'Sophia',
  'Grace',
  'Freya',
  'Willow',
  'Florence',
  'Emily',
  'Ella',
  'Poppy',
  'Evie',
  'Elsie',
  'Charlotte',
  'Noah',
  'Oliver',
  'George',
  'Arthur',
  'Muhammad',
  'Leo',
  'Harry',
  'Oscar',
  'Archie',
  'Henry',
  'Theodore',
  'Freddie',
  'Jack',
  'Charlie',
  'Wei',
  'Mei',
  'Hiro',
  'Priya',
  'Aarav',
  'Chen',
];
const LAST = [
  'Smith',
  'Jones',
  'Williams',
  'Taylor',
  'Brown',
  'Davies',
  'Evans',
  'Wilson',
  'Thomas',
  'Johnson',
  'Roberts',
  'Robinson',
  'Thompson',
  'Wright',
  'Walker',
  'White',
  'Edwards',
  'Hughes',
  'Green',
  'Hall',
  'Lewis',
  'Harris',
  'Clarke',
  'Patel',
  'Jackson',
  'Wood',
  'Turner',
  'Martin',
  'Cooper',
  'Hill',
  'Ward',
  'Morris',
  'Moore',
  'Clark',
  'Lee',
  'King',
  'Baker',
  'Harrison',
  'Morgan',
  'Allen',
  'James',
  'Scott',
  'Phillips',
  'Watson',
  'Davis',
  'Parker',
  'Price',
  'Bennett',
  'Young',
  'Griffiths',
];
const TIMES = ['07:00', '09:30', '12:15', '17:30', '19:00', '20:30'];
const sqlArray = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * Writes the data set into `databaseUrl` (migrated and demo-seeded by the app). Answers the rows
 * each table holds afterwards. `log` hears each step and its time.
 */
export async function generateScaleData(
  databaseUrl: string,
  size: ScaleSize,
  log: (line: string) => void = () => undefined,
): Promise<GeneratedCounts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const step = async (name: string, text: string) => {
    const t0 = Date.now();
    const result = await client.query(text);
    log(`  ${name}: ${result.rowCount ?? 0} rows, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return result;
  };
  try {
    await client.query(
      "set synchronous_commit = off; set work_mem = '64MB'; set maintenance_work_mem = '256MB'; select setseed(0.26)",
    );
    const { rows: adminRows } = await client.query<{ id: string }>("select id from users where username = 'admin'");
    const adminId = adminRows[0]?.id;
    if (!adminId) throw new Error('the database has no demo admin: start the app on it first (SEED_DEMO)');
    const { rows: existing } = await client.query("select 1 from users where id = 'gu0000000'");
    if (existing.length > 0) throw new Error('this database already holds generated data');
    const { rows: tzRows } = await client.query<{ timezone: string }>('select timezone from merchants limit 1');
    const tz = tzRows[0]?.timezone ?? 'Europe/London';

    const M = size.members;
    const J = Math.round(M * size.joinedBefore);
    const pastDays = size.days - size.futureDays;
    const sessions = size.days * size.sessionsPerDay;
    const avg = size.reservations / sessions;
    const capDay = Math.max(4, Math.ceil(avg * 1.3));
    const capEvening = Math.max(4, Math.ceil(avg * 1.05));
    const slotsPerRoom = Math.ceil(size.sessionsPerDay / size.rooms);

    // The period: from local midnight `pastDays` ago to now. A member i ≥ J joins at
    // start + (i − J)/(M − J) × 0.9 × span, so the members who had joined by t are the first E(t).
    await step(
      'period',
      `create temp table gen_period as
         select ((now() at time zone '${tz}')::date - ${pastDays})::timestamp at time zone '${tz}' as start,
                now() as now,
                ((now() at time zone '${tz}')::date)::timestamp at time zone '${tz}' as today`,
    );
    const spanMs = `(extract(epoch from (p.now - p.start)) * 1000)`;
    const joinedBy = (t: string) =>
      `(${J} + floor(${M - J} * least(1, greatest(0, extract(epoch from (${t} - p.start)) * 1000 / (0.9 * ${spanMs})))))::int`;
    // A member among those who had joined by t, long-standing members more often (they book more).
    const memberAt = (t: string, r = 'random()') => `least(${M - 1}, floor(${joinedBy(t)} * power(${r}, 1.3))::int)`;

    await step(
      'members (temp)',
      `create temp table gen_members as
         select i, 'gu' || lpad(i::text, 7, '0') as id,
                case when i < ${J} then p.start - make_interval(days => 1 + (i * 37) % 365)
                     else p.start + interval '1 millisecond' * ((i - ${J})::float8 / greatest(1, ${M - J}) * 0.9 * ${spanMs}) end as created_at
           from generate_series(0, ${M - 1}) i, gen_period p;
       alter table gen_members add primary key (i); analyze gen_members`,
    );
    await step(
      'users',
      `insert into users (id, username, email, mobile, nickname, gender, roles, invite_code, locale, created_at, updated_at)
       select id, 'm' || lpad(i::text, 6, '0'),
              case when i % 3 <> 0 then 'member' || i || '@example.com' end,
              -- UK mobiles, spread as real ones are (a member's digits share few trigrams with the next one's)
              '+447' || (100000000 + (i::bigint * 15485863) % 900000000)::text,
              (${sqlArray(FIRST)})[1 + (i * 7) % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (i * 13 + i / ${FIRST.length}) % ${LAST.length}],
              i % 3, '{member}', 'GI' || lpad(i::text, 7, '0'), case i % 4 when 0 then 'zh-Hans' when 1 then 'en' end,
              created_at, created_at
         from gen_members`,
    );

    // Rooms, courses and teachers (their own accounts, teacher role, profile).
    await step(
      'rooms',
      `insert into rooms (id, name, name_i18n, capacity, address, created_at, updated_at)
       select 'gen-room-' || r, 'Room ' || (r + 1), jsonb_build_object('en', 'Room ' || (r + 1), 'zh-Hans', (r + 1) || '号教室'),
              ${Math.max(capDay, capEvening)}, (r + 1) || ' Willow Lane', p.start - interval '400 days', p.start - interval '400 days'
         from generate_series(0, ${size.rooms - 1}) r, gen_period p`,
    );
    await step(
      'courses',
      `insert into courses (id, name, name_i18n, description, duration_min, default_capacity, level, created_at, updated_at)
       select 'gen-course-' || c, (array['Vinyasa','Hatha','Yin','Pilates','Power','Restore'])[1 + c % 6] || ' ' || (c / 6 + 1),
              jsonb_build_object('en', (array['Vinyasa','Hatha','Yin','Pilates','Power','Restore'])[1 + c % 6] || ' ' || (c / 6 + 1)),
              'A class of the generated studio.', 60, ${capDay},
              (array['all','beginner','intermediate','advanced'])[1 + c % 4], p.start - interval '400 days', p.start - interval '400 days'
         from generate_series(0, ${size.courses - 1}) c, gen_period p`,
    );
    await step(
      'teacher accounts',
      `insert into users (id, username, nickname, roles, invite_code, created_at, updated_at)
       select 'gt' || lpad(t::text, 3, '0'), 'gteacher' || t, 'Teacher ' || (${sqlArray(LAST)})[1 + t % ${LAST.length}],
              '{member,teacher}', 'GT' || lpad(t::text, 3, '0'), p.start - interval '400 days', p.start - interval '400 days'
         from generate_series(0, ${size.teachers - 1}) t, gen_period p;
       insert into teacher_profiles (user_id, display_name, introduction, specialties, created_at, updated_at)
       select 'gt' || lpad(t::text, 3, '0'), 'Teacher ' || (${sqlArray(LAST)})[1 + t % ${LAST.length}], 'Teaches at the generated studio.',
              '{Yoga}', p.start - interval '400 days', p.start - interval '400 days'
         from generate_series(0, ${size.teachers - 1}) t, gen_period p`,
    );

    // Sessions: `sessionsPerDay` a day, rooms in turn at the day's times; 1 % called off.
    // A teacher per (day, slot) distinct across the rooms of one time.
    await step(
      'class_sessions',
      `insert into class_sessions (id, course_id, teacher_id, room_id, starts_at, ends_at, capacity, booked_count, status,
                                   cancel_reason, cancelled_at, created_at, updated_at)
       select 'gs' || lpad(n::text, 7, '0'), 'gen-course-' || ((d * 5 + k * 7) % ${size.courses}),
              'gt' || lpad(((k + d * 3) % ${size.teachers})::text, 3, '0'), 'gen-room-' || (k % ${size.rooms}),
              st, st + interval '60 minutes',
              case when k / ${size.rooms} in (3, 4) then ${capEvening} else ${capDay} end, 0,
              case when hashint4(n) % 100 = 0 then 'cancelled' else 'scheduled' end,
              case when hashint4(n) % 100 = 0 then 'Teacher unwell' end,
              case when hashint4(n) % 100 = 0 then st - interval '1 day' end,
              st - interval '35 days', st - interval '35 days'
         from (select d, k, d * ${size.sessionsPerDay} + k as n,
                      ((p.start at time zone '${tz}') + make_interval(days => d)
                        + (${sqlArray(TIMES)})[1 + least(${TIMES.length - 1}, k / ${size.rooms})]::time) at time zone '${tz}' as st
                 from generate_series(0, ${size.days - 1}) d, generate_series(0, ${size.sessionsPerDay - 1}) k, gen_period p) s;
       analyze class_sessions`,
    );
    void slotsPerRoom;

    // Two packages per member, each bought as an order (below): the first from joining until a
    // year ago (at least 60 days), the second since; 1 in 10 second packages never expires.
    await step(
      'member_packages',
      `insert into member_packages (id, user_id, name, name_i18n, total_count, remaining_count, valid_from, valid_until,
                                    goods_id, source, source_id, created_at, updated_at)
       select 'gp' || w || '-' || lpad(m.i::text, 7, '0'), m.id,
              case w when 1 then '10 Class Pass' else '20 Class Pass' end,
              jsonb_build_object('en', case w when 1 then '10 Class Pass' else '20 Class Pass' end),
              0, 0, v.valid_from, v.valid_until, null, 'order', null, v.valid_from, v.valid_from
         from gen_members m cross join gen_period p cross join generate_series(1, 2) w
         cross join lateral (
           select case w when 1 then m.created_at + interval '10 minutes'
                         else least(p.now - interval '1 hour', greatest(m.created_at + interval '60 days', p.now - interval '365 days')) end as valid_from,
                  case w when 1 then greatest(m.created_at + interval '60 days', p.now - interval '365 days')
                         when 2 then case when m.i % 10 = 0 then null else p.today + make_interval(days => 30 + m.i % 90) end end as valid_until
         ) v`,
    );

    // Reservations: per session a number around the average (evenings busier, the future
    // thinning out), capped at capacity; members among those who had joined, in a long tail.
    await step(
      'reservations',
      `insert into reservations (id, session_id, user_id, package_id, status, code, checked_in_at, checked_in_by,
                                 cancelled_at, cancelled_by, created_at, updated_at)
       select 'gr' || substr(s.id, 3) || '-' || j, s.id, m.id,
              case when s.starts_at < coalesce(p1.valid_until, 'infinity') then p1.id else p2.id end,
              st.status, 'C' || substr(s.id, 3) || 'J' || j,
              case when st.status = 'done' then s.starts_at - interval '5 minutes' end,
              case when st.status = 'done' then s.teacher_id end,
              case when st.status = 'cancelled' then least(s.starts_at - interval '1 hour', made.at + interval '1 day') end,
              case when st.status = 'cancelled' then case when s.status = 'cancelled' then 'session' else 'member' end end,
              made.at, made.at
         from class_sessions s cross join gen_period p
         cross join lateral generate_series(1, least(s.capacity, greatest(1, round(
               ${avg * 1.06} * (0.55 + 0.9 * random()) * (case when s.capacity = ${capEvening} then 1.2 else 1 end)
               * (case when s.starts_at > p.now then greatest(0.1, 1 - extract(epoch from s.starts_at - p.now) / 86400 / 30) else 1 end)
             )::int))) j
         cross join lateral (select ${memberAt('s.starts_at')} + 0 * j as i) pick
         join gen_members m on m.i = pick.i
         join member_packages p1 on p1.id = 'gp1-' || lpad(m.i::text, 7, '0')
         join member_packages p2 on p2.id = 'gp2-' || lpad(m.i::text, 7, '0')
         cross join lateral (select random() as r, greatest(m.created_at, s.starts_at - make_interval(hours => 2 + (hashint4(j) & 255))) as at) made
         cross join lateral (
           select case when s.status = 'cancelled' or made.r < 0.08 then 'cancelled'
                       when s.ends_at < p.now and made.r < 0.93 then 'done'
                       else 'registered' end as status
         ) st
       where s.id like 'gs%'
       on conflict do nothing`,
    );
    await step(
      'booked_count',
      `update class_sessions s set booked_count = c.n
         from (select session_id, count(*)::int as n from reservations where status <> 'cancelled' group by session_id) c
        where c.session_id = s.id`,
    );
    // Credits: each package holds what its bookings took and some left (the second more).
    await step(
      'package credits',
      `update member_packages mp
          set total_count = coalesce(u.n, 0) + left_.n, remaining_count = left_.n,
              used_up_at = case when left_.n = 0 then mp.valid_from + interval '30 days' end,
              used_up_notified_at = case when left_.n = 0 then mp.valid_from + interval '30 days' end,
              expiry_notified_at = case when mp.valid_until < now() then mp.valid_until - interval '7 days' end
         from member_packages p
         left join (select package_id, count(*)::int as n from reservations where status <> 'cancelled' group by package_id) u
                on u.package_id = p.id
         cross join lateral (select case when p.id like 'gp1-%' then 0 else (hashtext(p.id) & 15) end as n) left_
        where mp.id = p.id and p.id like 'gp%'`,
    );
    // Waitlists of the full sessions: waiting for those to come, ended when the class began for the past ones.
    await step(
      'waitlist_entries',
      `insert into waitlist_entries (id, session_id, user_id, status, cancel_reason, created_at, updated_at)
       select 'gw' || substr(s.id, 3) || '-' || j, s.id, m.id,
              case when s.starts_at > p.now then 'waiting' else 'cancelled' end,
              case when s.starts_at > p.now then null else 'session_started' end,
              s.starts_at - make_interval(hours => 3 + j), s.starts_at - make_interval(hours => 3 + j)
         from class_sessions s cross join gen_period p cross join generate_series(1, 3) j
         cross join lateral (select ${memberAt('s.starts_at')} + 0 * j as i) pick
         join gen_members m on m.i = pick.i
        where s.id like 'gs%' and s.status = 'scheduled' and s.booked_count >= s.capacity
          and not exists (select 1 from reservations r where r.session_id = s.id and r.user_id = m.id and r.status <> 'cancelled')
       on conflict do nothing`,
    );

    // Orders. Package orders: one per package, completed when paid (the package issued then).
    // Shop orders: 1–3 SKUs picked up at the desk; most completed, some cancelled unpaid, 5 % refunded.
    const { rows: skuRows } = await client.query<{ n: number }>(
      'select count(*)::int as n from goods_skus k join goods g on g.id = k.goods_id where g.type = 0 and k.removed_at is null',
    );
    const { rows: pkgRows } = await client.query<{ n: number }>(
      'select count(*)::int as n from goods_skus k join goods g on g.id = k.goods_id where g.type = 1 and k.removed_at is null',
    );
    const shopSkus = skuRows[0]?.n ?? 0;
    const packageSkus = pkgRows[0]?.n ?? 0;
    if (shopSkus < 3 || packageSkus < 1) throw new Error('the demo shop (goods and course packages) is missing');
    await step(
      'skus (temp)',
      `create temp table gen_skus as
         select row_number() over (order by g.type, k.id)::int - 1 as all_n, g.type, k.id as sku_id, g.id as goods_id,
                g.name as goods_name, g.name_i18n as goods_name_i18n, k.sku_name, k.sku_name_i18n, k.price,
                coalesce(k.weight, 0) as weight, coalesce(g.images[1], '') as image, k.class_count, g.course_ids
           from goods_skus k join goods g on g.id = k.goods_id where k.removed_at is null and g.type in (0, 1);
       create temp table gen_pkg_skus as select row_number() over (order by all_n)::int - 1 as n, s.* from gen_skus s where type = 1;
       create temp table gen_shop_skus as select row_number() over (order by all_n)::int - 1 as n, s.* from gen_skus s where type = 0`,
    );
    await step(
      'orders (temp)',
      `create temp table gen_orders as
       select n, id, user_id, kind, created_at, status, pay_type, package_id from (
         -- package orders
         select row_number() over (order by mp.id)::int as n, null::text as id, mp.user_id, 'package' as kind,
                mp.valid_from - interval '5 minutes' as created_at, 6 as status,
                (array['sandbox','sandbox','balance','offline'])[1 + (hashtext(mp.id) & 3)] as pay_type, mp.id as package_id
           from member_packages mp where mp.id like 'gp%'
         union all
         select ${2 * M} + g as n, null, m.id, 'goods', o.at,
                case when o.at > p.now - interval '14 days' then (array[1, 1, 6, 6, 0])[1 + (hashint4(g) & 3) + (case when o.at > p.now - interval '20 minutes' then 1 else 0 end)]
                     when abs(hashint4(g) % 100) < 8 then -1 when abs(hashint4(g) % 100) < 13 then -3 else 6 end,
                (array['sandbox','balance','balance','offline'])[1 + (hashint4(g + 7) & 3)], null
           from generate_series(1, ${size.goodsOrders}) g cross join gen_period p
           cross join lateral (select p.start + (p.now - p.start) * power(random() + 0 * g, 0.8) as at) o
           cross join lateral (select ${memberAt('o.at')} as i) pick
           join gen_members m on m.i = pick.i
       ) o;
       update gen_orders set id = to_char(created_at at time zone '${tz}', 'YYYYMMDD') || lpad(n::text, 10, '0'),
                             pay_type = case when status = 0 or status = -1 then null else pay_type end;
       alter table gen_orders add primary key (n); analyze gen_orders`,
    );
    await step(
      'order lines (temp)',
      `create temp table gen_lines as
       select o.id as order_id, k.sku_id, l as position, k.goods_id, k.type as goods_type, k.goods_name, k.goods_name_i18n,
              k.sku_name, k.sku_name_i18n, k.image, k.price, case when l = 1 then 1 + (o.n & 1) else 1 end as buy_num, k.weight,
              null::jsonb as terms
         from gen_orders o cross join lateral generate_series(1, 1 + (hashint4(o.n) & 1) + (case when hashint4(o.n) % 5 = 0 then 1 else 0 end)) l
         join gen_shop_skus k on k.n = (o.n * 3 + l) % ${shopSkus}
        where o.kind = 'goods'
       union all
       select o.id, k.sku_id, 1, k.goods_id, 1, k.goods_name, k.goods_name_i18n, k.sku_name, k.sku_name_i18n, k.image, k.price, 1, 0,
              jsonb_build_object('classCount', coalesce(k.class_count, 10), 'validity', jsonb_build_object('mode', 'long_term'),
                                 'courseIds', to_jsonb(k.course_ids))
         from gen_orders o join gen_pkg_skus k on k.n = o.n % ${packageSkus}
        where o.kind = 'package';
       analyze gen_lines`,
    );
    await step(
      'orders',
      `insert into orders (id, user_id, mid, status, kind, delivery, pay_type, goods_amount, freight_amount, pay_amount,
                           pickup_code, expires_at, paid_at, completed_at, cancelled_at, cancel_reason, created_at, updated_at)
       select o.id, o.user_id, 'default', o.status, o.kind,
              case o.kind when 'package' then 'none' else 'pickup' end, o.pay_type, a.amount, 0, a.amount,
              case when o.kind = 'goods' and o.status in (1, 4, 6, -3) then 'G' || lpad(o.n::text, 8, '0') end,
              o.created_at + interval '30 minutes',
              case when o.status not in (0, -1) then o.created_at + interval '2 minutes' end,
              case when o.status = 6 then o.created_at + case o.kind when 'package' then interval '2 minutes' else interval '3 days' end end,
              case when o.status = -1 then o.created_at + interval '30 minutes' end,
              case when o.status = -1 then 'expired' else '' end,
              o.created_at, o.created_at + interval '3 days'
         from gen_orders o join (select order_id, sum(price * buy_num)::int as amount from gen_lines group by order_id) a on a.order_id = o.id`,
    );
    await step(
      'order_lines',
      `insert into order_lines (order_id, sku_id, position, goods_id, goods_type, goods_name, goods_name_i18n, sku_name,
                                sku_name_i18n, image, price, buy_num, weight, terms)
       select order_id, sku_id, position, goods_id, goods_type, goods_name, goods_name_i18n, sku_name, sku_name_i18n, image,
              price, buy_num, weight, terms from gen_lines`,
    );
    await step(
      'package orders → packages',
      `update member_packages mp set source_id = o.id, goods_id = l.goods_id
         from gen_orders o join gen_lines l on l.order_id = o.id
        where o.package_id = mp.id`,
    );
    await step(
      'order_events',
      `insert into order_events (id, order_id, status, note, actor_id, at)
       select 'ge' || o.n || '-0', o.id, 0, '', o.user_id, o.created_at from gen_orders o
       union all
       select 'ge' || o.n || '-1', o.id, case when o.status = -3 then 1 else o.status end, '', o.user_id, o.created_at + interval '2 minutes'
         from gen_orders o where o.status <> 0
       union all
       select 'ge' || o.n || '-2', o.id, -2, 'Changed my mind', o.user_id, o.created_at + interval '1 day' from gen_orders o where o.status = -3
       union all
       select 'ge' || o.n || '-3', o.id, -3, '', '${adminId}', o.created_at + interval '2 days' from gen_orders o where o.status = -3`,
    );
    await step(
      'payments (orders)',
      `insert into payments (id, user_id, purpose, ref, provider, amount, status, method, taken_by, created_at, settled_at)
       select 'gpay' || o.n, o.user_id, 'order', o.id, o.pay_type, x.pay_amount, 'succeeded',
              case when o.pay_type = 'offline' then 'cash' end, case when o.pay_type = 'offline' then '${adminId}' end,
              o.created_at + interval '1 minute', o.created_at + interval '2 minutes'
         from gen_orders o join orders x on x.id = o.id where o.status not in (0, -1)`,
    );
    await step(
      'refunds',
      `insert into order_refunds (id, order_id, user_id, status, reason, previous_status, requested_amount, approved_amount,
                                  decided_by, created_at, decided_at)
       select 'grf' || o.n, o.id, o.user_id, 'approved', 'Changed my mind', 1, x.pay_amount, x.pay_amount, '${adminId}',
              o.created_at + interval '1 day', o.created_at + interval '2 days'
         from gen_orders o join orders x on x.id = o.id where o.status = -3;
       insert into order_refund_lines (refund_id, order_id, sku_id, quantity, amount)
       select 'grf' || o.n, o.id, l.sku_id, l.buy_num, l.price * l.buy_num
         from gen_orders o join gen_lines l on l.order_id = o.id where o.status = -3;
       insert into payment_refunds (id, payment_id, ref, refund_id, provider, amount, status, created_at, settled_at)
       select 'gprf' || o.n, 'gpay' || o.n, o.id, 'grf' || o.n, o.pay_type, x.pay_amount, 'succeeded',
              o.created_at + interval '2 days', o.created_at + interval '2 days'
         from gen_orders o join orders x on x.id = o.id where o.status = -3`,
    );

    // Wallet: each member who paid from it topped it up first with what they spent and some
    // more; refunds of balance payments go back to it. Points: earned on every completed order.
    await step(
      'wallet entries (temp)',
      `create temp table gen_wallet as
       select o.user_id, 'payment' as kind, -x.pay_amount as amount, 'payment:' || o.id as key, o.id as ref,
              o.created_at + interval '2 minutes' as at
         from gen_orders o join orders x on x.id = o.id where o.pay_type = 'balance' and o.status not in (0, -1)
       union all
       select o.user_id, 'refund', x.pay_amount, 'refund:gprf' || o.n, o.id, o.created_at + interval '2 days'
         from gen_orders o join orders x on x.id = o.id where o.pay_type = 'balance' and o.status = -3;
       insert into gen_wallet
       select w.user_id, 'top_up', -sum(w.amount) filter (where w.kind = 'payment') + 2000 + (hashtext(w.user_id) & 8191), 'top_up:gtop-' || w.user_id, '',
              min(w.at) - interval '1 day'
         from gen_wallet w group by w.user_id;
       insert into payments (id, user_id, purpose, ref, provider, amount, status, created_at, settled_at)
       select substr(key, 8), user_id, 'top_up', '', 'sandbox', amount, 'succeeded', at - interval '1 minute', at
         from gen_wallet where kind = 'top_up'`,
    );
    await step(
      'wallet_ledger',
      `insert into wallet_ledger (id, user_id, amount, book, kind, balance_after, key, ref, created_at)
       select 'gwl-' || key, user_id, amount, 'money', kind,
              sum(amount) over (partition by user_id order by at, key rows unbounded preceding), key, ref, at
         from gen_wallet order by user_id, at, key;
       insert into wallet_ledger (id, user_id, amount, book, kind, balance_after, key, ref, created_at)
       select 'gpl-' || o.id, o.user_id, x.pay_amount / 100, 'points', 'earned',
              sum(x.pay_amount / 100) over (partition by o.user_id order by x.completed_at, o.id rows unbounded preceding),
              'earned:' || o.id, o.id, x.completed_at
         from gen_orders o join orders x on x.id = o.id where x.status = 6 and x.pay_amount >= 100
        order by o.user_id, x.completed_at, o.id;
       insert into wallet_accounts (user_id, book, balance, updated_at)
       select user_id, book, sum(amount)::int, max(created_at) from wallet_ledger where id like 'gwl-%' or id like 'gpl-%'
        group by user_id, book`,
    );

    // Feedback threads (a member's message, the studio's reply to most), and the notices members got:
    // one per paid order, one per reply.
    await step(
      'feedback',
      `create temp table gen_feedback as
       select f, 'gf' || lpad(f::text, 7, '0') as id, m.id as user_id, t.at,
              (array['classes','orders_shop','account','suggestion','other'])[1 + f % 5] as category,
              case when t.at > p.now - interval '3 days' then 'pending_reply' when f % 4 = 0 then 'closed' else 'replied' end as status
         from generate_series(1, ${size.feedback}) f cross join gen_period p
         cross join lateral (select p.start + (p.now - p.start) * (random() + 0 * f) as at) t
         cross join lateral (select ${memberAt('t.at')} as i) pick
         join gen_members m on m.i = pick.i;
       insert into feedback (id, user_id, category, content, status, created_at, updated_at)
       select id, user_id, category, 'Message ' || f || ' about the ' || category || ': could the studio look into it, please?',
              status, at, at + interval '1 day' from gen_feedback;
       insert into feedback_messages (id, feedback_id, author, author_id, content, created_at)
       select id || '-m', id, 'member', user_id, 'Message ' || f || ' about the ' || category || ': could the studio look into it, please?', at
         from gen_feedback
       union all
       select id || '-s', id, 'staff', '${adminId}', 'Thank you, we have looked into it.', at + interval '1 day'
         from gen_feedback where status <> 'pending_reply'`,
    );
    await step(
      'member_notifications',
      `insert into member_notifications (id, user_id, type, data, source_id, read_at, created_at)
       select 'gn-' || x.id, x.user_id, 'orderPaid', jsonb_build_object('order_no', x.id, 'amount', x.pay_amount),
              'gen:' || x.id, case when x.paid_at < p.now - interval '7 days' then x.paid_at + interval '1 hour' end, x.paid_at
         from orders x cross join gen_period p where x.paid_at is not null and x.id in (select id from gen_orders)
       union all
       select 'gn-' || f.id, f.user_id, 'feedbackReplied', jsonb_build_object('feedback_id', f.id, 'excerpt', 'Thank you, we have looked into it.'),
              'gen:' || f.id, case when f.at < p.now - interval '7 days' then f.at + interval '2 days' end, f.at + interval '1 day'
         from gen_feedback f cross join gen_period p where f.status <> 'pending_reply'`,
    );
    // As autovacuum leaves a live database: statistics, and the visibility map index-only scans read.
    await step('vacuum analyze', 'vacuum analyze');

    const tables = [
      'users',
      'class_sessions',
      'reservations',
      'waitlist_entries',
      'member_packages',
      'orders',
      'order_lines',
      'order_events',
      'payments',
      'order_refunds',
      'payment_refunds',
      'wallet_ledger',
      'wallet_accounts',
      'feedback',
      'feedback_messages',
      'member_notifications',
    ];
    const counts: GeneratedCounts = {};
    for (const table of tables) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      counts[table] = rows[0]?.n ?? 0;
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** Invariants the app relies on, checked on the generated rows: every count should be 0. */
export async function checkScaleData(databaseUrl: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const checks: Record<string, string> = {
    'sessions whose booked_count is not their reservations': `select count(*) from class_sessions s
       where booked_count <> (select count(*) from reservations r where r.session_id = s.id and r.status <> 'cancelled')`,
    'packages whose credits do not add up': `select count(*) from member_packages p
       where total_count - remaining_count <> (select count(*) from reservations r where r.package_id = p.id and r.status <> 'cancelled')`,
    'wallet accounts whose balance is not their ledger': `select count(*) from wallet_accounts a
       where balance <> (select coalesce(sum(amount), 0) from wallet_ledger l where l.user_id = a.user_id and l.book = a.book)`,
    'ledger entries whose balance_after does not follow': `select count(*) from (select balance_after,
       sum(amount) over (partition by user_id, book order by seq) as running from wallet_ledger) x where balance_after <> running or balance_after < 0`,
    'paid orders without one succeeded payment of their amount': `select count(*) from orders o where paid_at is not null and
       (select coalesce(sum(amount), -1) from payments p where p.ref = o.id and p.purpose = 'order' and p.status = 'succeeded') <> o.pay_amount`,
    'orders whose amount is not their lines': `select count(*) from orders o
       where goods_amount <> (select sum(price * buy_num) from order_lines l where l.order_id = o.id)`,
    'refunded orders without a settled payment refund': `select count(*) from orders o where status = -3 and not exists
       (select 1 from payment_refunds r where r.ref = o.id and r.status = 'succeeded' and r.amount = o.pay_amount)`,
  };
  try {
    const out: Record<string, number> = {};
    for (const [name, text] of Object.entries(checks)) {
      const { rows } = await client.query<{ count: string }>(text);
      out[name] = Number(rows[0]?.count ?? -1);
    }
    return out;
  } finally {
    await client.end();
  }
}
