import { describe, expect, it } from 'vitest';
import {
  type AccessGrant,
  accessChangeRefusal,
  accountChangeRefusal,
  adjustmentRefusal,
  grantChangeRefusal,
  holdsGrant,
  type MemberAccess,
} from './staff-rights';

const member = (id: string, over: Partial<Omit<MemberAccess, '_id'>> = {}): MemberAccess => ({
  _id: id,
  role: ['member'],
  permission: [],
  is_verify_staff: false,
  ...over,
});
const admin = member('admin', { role: ['member', 'admin'] });
const otherAdmin = member('admin2', { role: ['member', 'admin'] });
/** The demo's front desk: members, classes and packages, no more. */
const desk = member('desk', { permission: ['members.manage', 'classes.manage', 'packages.manage'] });
const plain = member('plain');
const clerk = member('clerk', { permission: ['orders.manage'] });

describe('holdsGrant', () => {
  it.each<[string, MemberAccess, AccessGrant, boolean]>([
    ['an admin holds every grant', admin, 'settings.manage', true],
    ['an admin holds the teacher role', admin, 'teacher', true],
    ['an admin holds verification', admin, 'verify_staff', true],
    ['staff hold their permissions', desk, 'classes.manage', true],
    ['staff do not hold another permission', desk, 'settings.manage', false],
    ['staff are not admins', desk, 'admin', false],
    ['staff are not teachers unless they are', desk, 'teacher', false],
    ['a teacher holds the teacher role', member('t', { role: ['member', 'teacher'] }), 'teacher', true],
    ['verification staff hold verification', member('v', { is_verify_staff: true }), 'verify_staff', true],
    ['who manages orders holds desk payments too', clerk, 'orders.desk', true],
    ['but desk payments do not hold the orders', member('c', { permission: ['orders.desk'] }), 'orders.manage', false],
  ])('%s', (_, who, grant, expected) => {
    expect(holdsGrant(who, grant)).toBe(expected);
  });
});

describe('accountChangeRefusal', () => {
  it.each<[string, MemberAccess, MemberAccess, ReturnType<typeof accountChangeRefusal>]>([
    ['nobody changes their own account, an admin neither', admin, admin, 'ownAccess'],
    ['nor staff', desk, desk, 'ownAccess'],
    ['staff never change an admin', desk, admin, 'adminOnly'],
    ['an admin changes another admin', admin, otherAdmin, null],
    ['staff change a member', desk, plain, null],
    ['staff change other staff', desk, clerk, null],
  ])('%s', (_, actor, target, expected) => {
    expect(accountChangeRefusal(actor, target)).toBe(expected);
  });
});

describe('grantChangeRefusal (one checkbox of the back office)', () => {
  it.each<[string, MemberAccess, MemberAccess, AccessGrant, ReturnType<typeof grantChangeRefusal>]>([
    ['the desk grants a permission it holds', desk, plain, 'classes.manage', null],
    ['but not one it lacks', desk, plain, 'settings.manage', 'notHeld'],
    ['nor revokes one it lacks', desk, clerk, 'orders.manage', 'notHeld'],
    ['nor makes a teacher', desk, plain, 'teacher', 'notHeld'],
    ['nor verification staff', desk, plain, 'verify_staff', 'notHeld'],
    ['nor an admin', desk, plain, 'admin', 'notHeld'],
    ['and touches nothing of an admin', desk, admin, 'classes.manage', 'adminOnly'],
    ['an admin grants anything to another', admin, plain, 'settings.manage', null],
    ['who manages orders grants desk payments', clerk, plain, 'orders.desk', null],
    ['the desk does not, without them', desk, plain, 'orders.desk', 'notHeld'],
    ['but nothing to themselves', admin, admin, 'teacher', 'ownAccess'],
  ])('%s', (_, actor, target, grant, expected) => {
    expect(grantChangeRefusal(actor, target, grant)).toBe(expected);
  });
});

describe('accessChangeRefusal (a whole save)', () => {
  const same = (m: MemberAccess) => ({ role: m.role, permission: m.permission, is_verify_staff: m.is_verify_staff });

  it('judges only what changes: the desk saves a clerk keeping orders.manage, which it does not hold', () => {
    expect(
      accessChangeRefusal(desk, clerk, { ...same(clerk), permission: ['orders.manage', 'classes.manage'] }),
    ).toBeNull();
    expect(accessChangeRefusal(desk, clerk, same(clerk))).toBeNull();
  });

  it.each<[string, MemberAccess, MemberAccess, Omit<MemberAccess, '_id'>, ReturnType<typeof accessChangeRefusal>]>([
    // The three holes the issue found, as the demo's front desk.
    ['the desk sets an admin to a plain member', desk, admin, { ...same(admin), role: ['member'] }, 'adminOnly'],
    ['the desk strips a permission it does not hold', desk, clerk, { ...same(clerk), permission: [] }, 'notHeld'],
    ['the desk makes a member verification staff', desk, plain, { ...same(plain), is_verify_staff: true }, 'notHeld'],
    ['the desk makes a member a teacher', desk, plain, { ...same(plain), role: ['member', 'teacher'] }, 'notHeld'],
    [
      'the desk gives itself settings',
      desk,
      desk,
      { ...same(desk), permission: [...desk.permission, 'settings.manage'] },
      'ownAccess',
    ],
    ['an admin demotes themselves', admin, admin, { ...same(admin), role: ['member'] }, 'ownAccess'],
    ['an admin demotes another admin', admin, otherAdmin, { ...same(otherAdmin), role: ['member'] }, null],
    [
      'an admin makes a teacher and verification staff',
      admin,
      plain,
      { role: ['member', 'teacher'], permission: ['audit.view'], is_verify_staff: true },
      null,
    ],
  ])('%s', (_, actor, target, next, expected) => {
    expect(accessChangeRefusal(actor, target, next)).toBe(expected);
  });
});

describe('adjustmentRefusal', () => {
  it.each<[string, MemberAccess, string, number, ReturnType<typeof adjustmentRefusal>]>([
    ['staff never adjust their own wallet', clerk, clerk._id, 100, 'ownBalance'],
    ['an admin neither', admin, admin._id, 100, 'ownBalance'],
    ['staff adjust up to the limit', clerk, plain._id, 50_000, null],
    ['and take away up to it', clerk, plain._id, -50_000, null],
    ['but not a penny more', clerk, plain._id, 50_001, 'aboveLimit'],
    ['either way', clerk, plain._id, -50_001, 'aboveLimit'],
    ['an admin adjusts above it', admin, plain._id, 1_000_000, null],
  ])('%s', (_, actor, memberId, amount, expected) => {
    expect(adjustmentRefusal(actor, memberId, amount, 50_000)).toBe(expected);
  });
});
