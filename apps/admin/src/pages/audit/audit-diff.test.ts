import { describe, expect, it } from 'vitest';
import { fieldChanges } from './audit-diff';

describe('an audit entry’s changes', () => {
  it('lists only the fields that differ, leaving out update times', () => {
    expect(
      fieldChanges(
        { capacity: 10, name: 'A', updatedAt: '1', tags: ['x'] },
        { capacity: 12, name: 'A', updatedAt: '2', tags: ['x', 'y'] },
      ),
    ).toEqual([
      { field: 'capacity', before: '10', after: '12' },
      { field: 'tags', before: '["x"]', after: '["x","y"]' },
    ]);
  });

  it('shows a creation as every field from nothing', () => {
    expect(fieldChanges(null, { name: 'Room', capacity: 5 })).toEqual([
      { field: 'name', before: '—', after: 'Room' },
      { field: 'capacity', before: '—', after: '5' },
    ]);
  });
});
