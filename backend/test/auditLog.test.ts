// Every admin mutation leaves a record: who, what, before and after, no secrets; staff read it.
import { shopForThisFile, Browser, allKeys } from './helpers';
import { AuditLog, Category } from '../src/models';
import { makeCatalogue, Catalogue } from './fixtures';

let admin: Browser & { userId: number; email: string };
let cat: Catalogue;

const shop = shopForThisFile();
beforeAll(async () => {
  cat = await makeCatalogue();
  admin = await shop.signedIn('admin');
});

describe('the audit log', () => {
  it('records an update with the record before and after, and the actor', async () => {
    const c = await Category.query().insertAndFetch({ name: 'Стара', slug: 'stara', position: 0 } as Partial<Category>);
    await admin.put(`/api/admin/categories/${c.id}`, { categoryName: 'Нова' }).expect(200);
    const row = await AuditLog.query().findOne({ entity: 'categories', entityId: String(c.id), action: 'update' });
    expect(row).toBeDefined();
    expect(row!.actorEmail).toBe(admin.email);
    expect((row!.before as any).name).toBe('Стара');
    expect(JSON.stringify(row!.after)).toContain('Нова');
  });

  it('never writes a password', async () => {
    await admin
      .post('/api/admin/users/create', { email: 'audit.user@example.bg', password: 'tainata-parola-1', firstName: 'Одит' })
      .expect(201);
    const row = await AuditLog.query().where({ entity: 'users', action: 'create' }).orderBy('id', 'desc').first();
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain('tainata-parola-1');
    expect(allKeys(row!.after).filter((k) => /hash/i.test(k))).toEqual([]);
  });

  it('records the product status call and refusals leave no record', async () => {
    await admin.put(`/api/products/${cat.triples.id}/updateStatus`, { status: 'draft' }).expect(200);
    expect(
      await AuditLog.query()
        .where({ entity: 'products', entityId: String(cat.triples.id), action: 'updateStatus' })
        .resultSize(),
    ).toBe(1);
    const before = await AuditLog.query().resultSize();
    await admin.put(`/api/products/${cat.triples.id}/updateStatus`, { status: 'gone' }).expect(400);
    expect(await AuditLog.query().resultSize()).toBe(before);
  });

  it('is readable by staff only, and only readable', async () => {
    const list = await admin.get('/api/admin/audit-log?range=[0,9]');
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toMatch(/^audit-log 0-\d+\/\d+$/);
    expect(list.body[0]).toEqual(
      expect.objectContaining({ actorEmail: admin.email, entity: expect.any(String), action: expect.any(String) }),
    );
    const one = await admin.get(`/api/admin/audit-log/${list.body[0].id}`);
    expect(one.body.id).toBe(list.body[0].id);
    // No call changes it.
    expect([404, 405]).toContain((await admin.delete(`/api/admin/audit-log/${list.body[0].id}`)).status);
    expect([404, 405]).toContain((await admin.post('/api/admin/audit-log', {})).status);
    expect(await AuditLog.query().findById(list.body[0].id)).toBeDefined();
    expect((await (await shop.signedIn()).get('/api/admin/audit-log')).status).toBe(403);
  });
});
