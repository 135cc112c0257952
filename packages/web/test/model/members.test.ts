import { describe, expect, it } from 'vitest';
import { assignableRoles, mayChangeRole, mayLeave, mayManageMember } from '../../src/model/members.js';

const owner = { role: 'owner' as const };
const admin = { role: 'admin' as const };
const member = { role: 'member' as const };

describe('member roles', () => {
  it('follows the role rules: owners alone give or take the owner role', () => {
    expect(assignableRoles('owner')).toEqual(['member', 'admin', 'owner']);
    expect(assignableRoles('admin')).toEqual(['member', 'admin']);
    expect(mayManageMember('member', member)).toBe(false);
    expect(mayManageMember('admin', member)).toBe(true);
    expect(mayManageMember('admin', owner)).toBe(false);
    expect(mayManageMember('owner', owner)).toBe(true);
  });

  it('lets everyone leave but the only owner, as the server does (issue 25 item 12)', () => {
    expect(mayLeave(owner, [owner, admin, member])).toBe(false);
    expect(mayLeave(owner, [owner])).toBe(false);
    expect(mayLeave(owner, [owner, { role: 'owner' }, member])).toBe(true);
    expect(mayLeave(admin, [owner, admin])).toBe(true);
    expect(mayLeave(member, [owner, member])).toBe(true);
  });

  it('offers no role change the server refuses: the only owner stays owner (issue 25)', () => {
    expect(mayChangeRole(owner, [owner, admin])).toBe(false);
    expect(mayChangeRole(owner, [owner, { role: 'owner' }])).toBe(true);
    expect(mayChangeRole(admin, [owner, admin])).toBe(true);
  });
});
