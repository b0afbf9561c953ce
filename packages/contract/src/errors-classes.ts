import { type ErrorDef, m } from './error-def';

/** Classes: booking, waitlists, check-in, the timetable, packages' credits. */
export const classErrors = {
  COURSE_FULL: {
    msg: m(
      'This class is full. Try another time or join the waitlist',
      '课程已满，请选择其他时段或加入候补',
      '課程已滿，請選擇其他時段或加入候補',
    ),
  },
  CANCEL_WINDOW_CLOSED: {
    msg: m(
      'Classes cannot be cancelled within {hours} hours before start',
      '课程开始前 {hours} 小时内不可取消',
      '課程開始前 {hours} 小時內不可取消',
    ),
  },
  PACKAGE_INVALID: {
    msg: m('No valid course package for this class', '没有可用于此课程的有效课包', '沒有可用於此課程的有效課包'),
  },
  ALREADY_BOOKED: { msg: m('You have already booked this class', '你已预约此课程', '你已預約此課程') },
  MEMBER_ALREADY_BOOKED: {
    msg: m('This member is already booked in this class', '该会员已预约此课程', '該會員已預約此課程'),
  },
  ALREADY_WAITLISTED: {
    msg: m('You are already on the waitlist for this class', '你已在此课程的候补名单中', '你已在此課程的候補名單中'),
  },
  WAITLIST_NOT_NEEDED: {
    msg: m('This class still has seats, book it directly', '该课程仍有名额，请直接预约', '該課程仍有名額，請直接預約'),
  },
  WAITLIST_CLOSED: { msg: m('The waitlist for this class is closed', '该课程候补已关闭', '該課程候補已關閉') },
  BOOKING_NOT_OPEN: {
    msg: m(
      'Booking opens {days} days before the class',
      '课程开始前 {days} 天开放预约',
      '課程開始前 {days} 天開放預約',
    ),
  },
  BOOKING_CLOSED: { msg: m('Booking for this class has closed', '该课程已停止预约', '該課程已停止預約') },
  SESSION_CANCELLED: { msg: m('This class has been cancelled', '该课程已取消', '該課程已取消') },
  SESSION_NOT_FOUND: { msg: m('Class not found', '课程不存在', '課程不存在') },
  RESERVATION_NOT_FOUND: { msg: m('Reservation not found', '预约不存在', '預約不存在') },
  RESERVATION_NOT_ACTIVE: { msg: m('This reservation is no longer active', '该预约已失效', '該預約已失效') },
  WAITLIST_NOT_FOUND: { msg: m('Waitlist entry not found', '候补记录不存在', '候補記錄不存在') },
  ALREADY_CHECKED_IN: { msg: m('Already checked in', '已签到', '已簽到') },
  CODE_NOT_FOUND: {
    msg: m('No reservation or order matches this code', '未找到与该码对应的预约或订单', '未找到與該碼對應的預約或訂單'),
  },
  NOT_YOUR_SESSION: { msg: m('This class is not taught by you', '这不是你的课程', '這不是你的課程') },
  CHECK_IN_NOT_OPEN: {
    msg: m(
      'Check-in opens {minutes} minutes before the class starts',
      '课程开始前 {minutes} 分钟开放签到',
      '課程開始前 {minutes} 分鐘開放簽到',
    ),
  },
  CHECK_IN_CLOSED: {
    msg: m(
      'Check-in for this class closed {minutes} minutes after it ended',
      '签到已于课程结束 {minutes} 分钟后关闭',
      '簽到已於課程結束 {minutes} 分鐘後關閉',
    ),
  },
  TEACHER_BUSY: {
    msg: m('The teacher already has a class at that time', '该老师在此时间已有课程', '該老師在此時間已有課程'),
  },
  ROOM_BUSY: {
    msg: m('The room is already in use at that time', '该教室在此时间已被占用', '該教室在此時間已被佔用'),
  },
  PACKAGE_NOT_FOUND: { msg: m('Package not found', '课程包不存在', '課程包不存在') },
  CREDITS_BELOW_ZERO: {
    msg: m(
      'Only {remaining} credits are left on this package to take away',
      '该课程包仅剩 {remaining} 次可扣减',
      '該課程包僅剩 {remaining} 次可扣減',
    ),
  },
  PACKAGE_REFUNDED: {
    msg: m(
      'This package was refunded and can no longer be changed',
      '该课程包已退款，不能再修改',
      '該課程包已退款，不能再修改',
    ),
  },
  PACKAGE_LONG_TERM: {
    msg: m(
      'This package never expires: there is nothing to extend',
      '该课程包长期有效，无需延期',
      '該課程包長期有效，無需延期',
    ),
  },
  CAPACITY_BELOW_BOOKED: {
    msg: m(
      'The capacity cannot be below the {booked} members already booked',
      '容量不能少于已预约的 {booked} 人',
      '容量不能少於已預約的 {booked} 人',
    ),
  },
  TIME_RANGE_INVALID: {
    msg: m('The end time must be after the start time', '结束时间必须晚于开始时间', '結束時間必須晚於開始時間'),
  },
  SCHEDULE_RANGE_TOO_LONG: {
    msg: m(
      'The schedule shows at most {days} days at a time',
      '课表一次最多显示 {days} 天',
      '課表一次最多顯示 {days} 天',
    ),
  },
  SESSION_STARTED: {
    msg: m('This class has already started', '该课程已开始', '該課程已開始'),
  },
  WAITLIST_NOT_ACTIVE: {
    msg: m('You are no longer waiting for this class', '你已不在该课程的候补名单中', '你已不在該課程的候補名單中'),
  },
} as const satisfies Record<string, ErrorDef>;
