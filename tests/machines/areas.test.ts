import { describe, expect, it } from 'vitest';
import { AREAS, areaOfPath, isLoginPath } from '../../machines/areas';

describe('areas', () => {
  it('describes the three areas as the contract table says', () => {
    expect(AREAS.map((area) => [area.index, area.name, area.pagePrefix, area.apiPrefix, area.tokenKey, area.userKey, area.provider, area.loginPath])).toEqual([
      [0, 'admin', '/Admin/', '/api/Admin/', 'admin_token', 'admin_user', 'admins', '/Admin/login'],
      [1, 'seller', '/Seller/', '/api/Seller/', 'seller_token', 'seller_user', 'users', '/Seller/login'],
      [2, 'user', '/', '/api/', 'token', 'user', 'users', '/login'],
    ]);
    expect(Object.isFrozen(AREAS)).toBe(true);
    expect(Object.isFrozen(AREAS[0])).toBe(true);
  });

  it('areaOfPath uses a case-sensitive prefix, shopper otherwise', () => {
    expect(areaOfPath('/Admin/login')).toBe(0);
    expect(areaOfPath('/Admin/goods')).toBe(0);
    expect(areaOfPath('/Seller/login')).toBe(1);
    expect(areaOfPath('/Seller/orders/wait')).toBe(1);
    expect(areaOfPath('/')).toBe(2);
    expect(areaOfPath('/login')).toBe(2);
    expect(areaOfPath('/admin/goods')).toBe(2);
    expect(areaOfPath('/Admin')).toBe(2);
    expect(areaOfPath('/user/Admin/x')).toBe(2);
    expect(areaOfPath('')).toBe(2);
  });

  it('isLoginPath knows the three login pages only', () => {
    expect(['/Admin/login', '/Seller/login', '/login'].every(isLoginPath)).toBe(true);
    expect(isLoginPath('/Admin/login/')).toBe(false);
    expect(isLoginPath('/register')).toBe(false);
  });
});
