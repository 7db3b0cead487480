// Two staff members, one record: a save made from a copy opened before someone else's save is
// refused (409, naming who changed it and when) instead of silently undoing that save; a save from
// the current copy raises the version; a call without a version (a plain call, a script) is applied
// as before; of two racing saves from one copy exactly one goes ahead.
import { shopForThisFile, Browser } from './helpers';
import { makeCatalogue, placeOrder, type Catalogue } from './fixtures';

const shop = shopForThisFile();

type Staff = Browser & { name: string };
let maria: Staff;
let georgi: Staff;
let cat: Catalogue;

async function staff(firstName: string, lastName: string): Promise<Staff> {
  const u = await shop.user('admin', { firstName, lastName });
  const b = shop.browser();
  await b.signIn(u.email, u.password);
  return Object.assign(b, { name: `${firstName} ${lastName}` });
}

beforeAll(async () => {
  maria = await staff('Мария', 'Иванова');
  georgi = await staff('Георги', 'Димитров');
  cat = await makeCatalogue();
});
beforeEach(() => shop.app.knex('throttles').delete());

async function read(b: Browser, url: string) {
  const res = await b.get(url);
  expect(res.status).toBe(200);
  return res.body;
}

/** The 409 a stale copy gets: Bulgarian, naming who changed the record and when. */
function expectStale(res: { status: number; body: any }, who: string, version: number) {
  expect(res.status).toBe(409);
  expect(res.body.message).toMatch(
    new RegExp(`^Записът е променен от ${who} на \\d\\d\\.\\d\\d\\.\\d{4} в \\d\\d:\\d\\d, след като го отворихте\\.`),
  );
  expect(res.body.message).toContain('Презаредете');
  expect(res.body.conflict).toEqual({ changedBy: who, changedAt: expect.any(String), version });
}

describe('the replays', () => {
  it('a product: one renames it, the other changes the price from their copy: 409, the new name kept', async () => {
    const url = `/api/admin/products/${cat.triples.id}`;
    const mariasCopy = await read(maria, url);
    const georgisCopy = await read(georgi, url);
    expect(mariasCopy.version).toBe(1);

    const renamed = await maria.put(url, { ...mariasCopy, name: 'TRIPLES Ментол Нов' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'TRIPLES Ментол Нов', version: 2 });

    const repriced = await georgi.put(url, { ...georgisCopy, price: 31.5 });
    expectStale(repriced, 'Мария Иванова', 2);

    const now = await read(maria, url);
    expect(now).toMatchObject({ name: 'TRIPLES Ментол Нов', price: 30, version: 2 });
  });

  it('a company: one sets the credit limit, the other changes the payment terms from their copy: 409, the limit kept', async () => {
    const guest = shop.browser();
    await guest.csrf();
    const applied = await guest.post('/api/trade/applications', {
      company: {
        name: 'Вейп Търговия ЕООД',
        eik: '100000001',
        vatNumber: '',
        address: 'ул. Витоша 1',
        city: 'София',
        mol: 'Петър Петров',
        tobaccoPermit: 'ЗАДС-1',
      },
      contact: { firstName: 'Петър', lastName: 'Петров', email: 'firm@example.bg', phone: '0888123456', password: 'firma-parola-123' },
      shops: [],
    });
    expect(applied.status).toBe(201);
    const url = `/api/admin/companies/${applied.body.id}`;
    await maria.put(url, { creditLimit: 5000 }).expect(200);
    const mariasCopy = await read(maria, url);
    const georgisCopy = await read(georgi, url);

    const limit = await maria.put(url, { ...mariasCopy, creditLimit: 6234 });
    expect(limit.status).toBe(200);
    expect(limit.body).toMatchObject({ creditLimit: 6234, version: mariasCopy.version + 1 });

    const terms = await georgi.put(url, { ...georgisCopy, paymentTermsDays: 30 });
    expectStale(terms, 'Мария Иванова', mariasCopy.version + 1);
    expect(await read(georgi, url)).toMatchObject({ creditLimit: 6234, paymentTermsDays: 0 });
  });
});

interface Resource {
  name: string;
  /** Makes a record; answers its admin URL. */
  make(): Promise<string>;
  /** A change, different each time. */
  change(n: number): Record<string, unknown>;
  /** The answer's record (some answers wrap it). */
  record?(body: any): any;
}

let seq = 0;
const RESOURCES: Resource[] = [
  {
    name: 'products',
    make: async () => `/api/admin/products/${cat.twins.id}`,
    change: (n) => ({ description: `Описание ${n}` }),
  },
  {
    name: 'orders',
    make: async () => {
      const b = shop.browser();
      await b.csrf();
      const order = await placeOrder(b, [{ productId: cat.last3.id, variantId: cat.last3.variant, quantity: 1 }]);
      return `/api/admin/orders/${order.id}`;
    },
    change: (n) => ({ staffNote: `Бележка ${n}` }),
  },
  {
    name: 'price lists',
    make: async () =>
      `/api/admin/price-lists/${(await maria.post('/api/admin/price-lists', { name: `Листа ${++seq}` }).expect(201)).body.id}`,
    change: (n) => ({ discountPercent: n }),
  },
  {
    name: 'discounts',
    make: async () =>
      `/api/admin/discounts/${(await maria.post('/api/admin/discounts', { code: `CODE${++seq}`, type: 'percent', value: 10 }).expect(201)).body.id}`,
    change: (n) => ({ value: 10 + n }),
  },
  {
    name: 'categories',
    make: async () =>
      `/api/admin/categories/${(await maria.post('/api/admin/categories', { name: `Категория ${++seq}` }).expect(201)).body.id}`,
    change: (n) => ({ description: `Описание ${n}` }),
  },
  {
    name: 'customers',
    make: async () => `/api/admin/users/${(await shop.user('customer')).id}`,
    change: (n) => ({ phone: `088812345${n}` }),
  },
  {
    name: 'staff users',
    make: async () => `/api/admin/admins/${(await shop.user('admin')).id}`,
    change: (n) => ({ phone: `088812345${n}` }),
  },
  {
    name: 'flavour lists',
    make: async () =>
      `/api/admin/flavour-lists/${(await maria.post('/api/admin/flavour-lists', { name: `Вкусове ${++seq}`, flavours: ['Мента'] }).expect(201)).body.id}`,
    change: (n) => ({ flavours: ['Мента', `Вкус ${n}`] }),
  },
];

describe.each(RESOURCES)('$name', (resource) => {
  it('answers its version; a stale save is refused, a fresh one raises it, one without a version is applied', async () => {
    const url = await resource.make();
    const before = await read(maria, url);
    const v = before.version;
    expect(v).toEqual(expect.any(Number));

    const fresh = await maria.put(url, { ...resource.change(1), version: v });
    expect(fresh.status).toBe(200);
    expect(fresh.body.version).toBe(v + 1);

    const stale = await georgi.put(url, { ...resource.change(2), version: v });
    expectStale(stale, 'Мария Иванова', v + 1);
    expect(await read(maria, url)).toMatchObject({ ...resource.change(1), version: v + 1 });

    const plain = await georgi.put(url, resource.change(3));
    expect(plain.status).toBe(200);
    expect(await read(maria, url)).toMatchObject({ ...resource.change(3), version: v + 2 });
  });
});

describe('settings groups', () => {
  it('each group has its version: a group changed since the form was loaded is refused, another group is saved', async () => {
    const mariasCopy = await read(maria, '/api/admin/settings/1');
    const georgisCopy = await read(georgi, '/api/admin/settings/1');
    expect(mariasCopy.versions).toMatchObject({ contacts: expect.any(Number), bank: expect.any(Number) });
    const contactsVersion = mariasCopy.versions.contacts;

    const saved = await maria.put('/api/admin/settings/1', {
      ...mariasCopy,
      contacts: { ...mariasCopy.contacts, phone: '+359 88 111 2222' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.versions.contacts).toBe(contactsVersion + 1);

    // Georgi's whole form, loaded before: his change of the contacts collides with Maria's…
    const clash = await georgi.put('/api/admin/settings/1', { ...georgisCopy, contacts: { ...georgisCopy.contacts, hours: '10–19' } });
    expectStale(clash, 'Мария Иванова', contactsVersion + 1);
    expect((await read(maria, '/api/admin/settings/1')).contacts).toMatchObject({
      phone: '+359 88 111 2222',
      hours: mariasCopy.contacts.hours,
    });

    // …his change of another group, with the contacts as he loaded them left out, is saved.
    const other = await georgi.put('/api/admin/settings/1', {
      versions: georgisCopy.versions,
      bank: { ...georgisCopy.bank, bankName: 'Друга банка' },
    });
    expect(other.status).toBe(200);
    expect(other.body.bank.bankName).toBe('Друга банка');
    expect(other.body.contacts.phone).toBe('+359 88 111 2222');

    // Without versions (the plain PUT /admin/settings): applied.
    const plain = await georgi.put('/api/admin/settings', { contacts: { hours: '9–18' } });
    expect(plain.status).toBe(200);
    expect(plain.body.settings.contacts.hours).toBe('9–18');
  });
});

describe('racing saves', () => {
  it('two saves from the same copy at the same moment: exactly one goes ahead', async () => {
    const url = `/api/admin/products/${cat.last3.id}`;
    const copy = await read(maria, url);
    const answers = await Promise.all([
      maria.put(url, { name: 'От Мария', version: copy.version }),
      georgi.put(url, { name: 'От Георги', version: copy.version }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.status === 200)!;
    const now = await read(maria, url);
    expect(now).toMatchObject({ name: winner.body.name, version: copy.version + 1 });
  });

  it('a company: two saves from one copy, exactly one goes ahead', async () => {
    const guest = shop.browser();
    await guest.csrf();
    const applied = await guest.post('/api/trade/applications', {
      company: {
        name: 'Втора ЕООД',
        eik: '100012377',
        vatNumber: '',
        address: 'ул. 1',
        city: 'София',
        mol: 'А Б',
        tobaccoPermit: 'ЗАДС-2',
      },
      contact: { firstName: 'Ана', lastName: 'Петрова', email: 'second@example.bg', phone: '0888123457', password: 'firma-parola-123' },
      shops: [],
    });
    const url = `/api/admin/companies/${applied.body.id}`;
    const copy = await read(maria, url);
    const answers = await Promise.all([
      maria.put(url, { creditLimit: 100, version: copy.version }),
      georgi.put(url, { creditLimit: 200, version: copy.version }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
