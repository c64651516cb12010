import { Code } from '@kayuh/contract/codes';
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operationLogs } from '../src/db/schema.ts';
import { DEMO_PASSWORD, useTestApp } from './harness.ts';

const t = useTestApp();

describe('personal info', () => {
  it("shows the user's own profile with tenant, dept, roles and posts", async () => {
    const res = await t.call('GET', '/api/system/user/profile', { headers: await t.signIn('kitabike.ops.jakarta') });
    expect(res.data).toMatchObject({
      userName: 'kitabike.ops.jakarta',
      tenantName: 'KitaBike',
      tenantCode: 'KITABIKE',
      deptName: 'Tim Operasional Jakarta',
      roleNames: ['Manajer Operasional Jakarta'],
      postNames: ['Manajer Operasional'],
    });
  });

  it('saves an edit and journals it', async () => {
    const headers = await t.signIn('kitabike.cs.01');
    const res = await t.call('POST', '/api/system/user/profile', {
      headers,
      body: { nickName: 'Sari P.', email: 'sari@kitabike.id', phone: '+62 812 1111 2222', sex: '1', lang: 'EN' },
    });
    expect(res.code).toBe(Code.ok);
    expect(res.data).toMatchObject({ nickName: 'Sari P.', lang: 'EN', sex: '1' });
    const [log] = await t.database.db.select().from(operationLogs).orderBy(desc(operationLogs.id)).limit(1);
    expect(log).toMatchObject({ operName: 'kitabike.cs.01', businessType: 2, status: 0, tenantId: 2, title: 'menu.configure.personal_info' });
  });

  it('refuses bad input with translated field errors and keeps the data', async () => {
    const headers = await t.signIn('kitabike.cs.01', { lang: 'ID' });
    const res = await t.call('POST', '/api/system/user/profile', { headers, body: { nickName: '', email: 'not-an-email' } });
    expect(res.code).toBe(Code.validation);
    expect(res.data.fields).toEqual({ nickName: 'Wajib diisi', email: expect.any(String) });
    const after = await t.call('GET', '/api/system/user/profile', { headers });
    expect(after.data.nickName).toBe('Sari P.');
  });
});

describe('change password', () => {
  it('refuses a wrong old password and a weak new one', async () => {
    const headers = await t.signIn('kitabike.fin.01', { lang: 'EN' });
    const wrongOld = await t.call('POST', '/api/system/user/profile/updatePwd', {
      headers,
      body: { oldPassword: 'nope', newPassword: 'Better2026x' },
    });
    expect(wrongOld.data.fields).toEqual({ oldPassword: 'The old password is wrong' });
    const weak = await t.call('POST', '/api/system/user/profile/updatePwd', { headers, body: { oldPassword: DEMO_PASSWORD, newPassword: 'short' } });
    expect(weak.code).toBe(Code.validation);
    expect(weak.data.fields.newPassword).toBeTruthy();
  });

  it('changes it, ends the sessions, masks it in the journal, and the new one signs in', async () => {
    const headers = await t.signIn('kitabike.fin.01');
    const res = await t.call('POST', '/api/system/user/profile/updatePwd', {
      headers,
      body: { oldPassword: DEMO_PASSWORD, newPassword: 'Kayuh-Baru-2027' },
    });
    expect(res.code).toBe(Code.ok);
    expect((await t.call('GET', '/api/system/user/profile', { headers })).code).toBe(Code.noSession);
    const [log] = await t.database.db.select().from(operationLogs).orderBy(desc(operationLogs.id)).limit(1);
    expect(log!.operParam).not.toContain('Kayuh-Baru-2027');
    expect(log!.operParam).toContain('******');
    const again = await t.call('POST', '/api/system/sso/login', { body: { username: 'kitabike.fin.01', password: 'Kayuh-Baru-2027' } });
    expect(again.code).toBe(Code.ok);
  });
});

describe('login journal', () => {
  it("lists the tenant's sign-ins newest first, filtered and paged", async () => {
    await t.signInThroughApi('kitabike.admin');
    await t.signInThroughApi('kitabike.admin');
    const headers = await t.signInThroughApi('kitabike.admin');
    const res = await t.call('POST', '/api/system/logininfor/list', { headers, body: { pageNum: 1, pageSize: 2, status: '0' } });
    expect(res.code).toBe(Code.ok);
    expect(res.rows).toHaveLength(2);
    expect(res.total).toBeGreaterThan(2);
    expect(res.rows[0].userName).toBe('kitabike.admin');
    const gowes = await t.call('POST', '/api/system/logininfor/list', { headers, body: { userName: 'gowesbali' } });
    expect(gowes.rows).toEqual([]);
    const bad = await t.call('POST', '/api/system/logininfor/list', { headers, body: { pageSize: 5000 } });
    expect(bad.code).toBe(Code.validation);
    for (const loginAtTo of ['0000-01-01T00:00:00Z', '9999-12-31T20:00:00-05:00', 'yesterday']) {
      const res = await t.call('POST', '/api/system/logininfor/list', { headers, body: { loginAtTo } });
      expect(res.code, loginAtTo).toBe(Code.validation);
      expect(res.data.fields.loginAtTo).toBeTruthy();
    }
  });
});
