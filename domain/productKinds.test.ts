import { directiveErrors, inferKind, inferTankCount } from './productKinds';
import { CATALOGUE } from './messages';

test("nicotine above 20 mg/ml is refused in any kind, in the product's field or a variant's", () => {
  for (const kind of ['device', 'pod', 'liquid', 'accessory'] as const) {
    expect(directiveErrors({ kind, nicotineMgMl: 20.5 })).toEqual({ nicotineMgMl: CATALOGUE.nicotineTooStrong(20) });
    expect(directiveErrors({ kind, nicotineMgMl: 20 })).toEqual({});
  }
  expect(directiveErrors({ kind: 'liquid', variants: [{ nicotineMgMl: 0 }, { nicotineMgMl: 25 }] })).toEqual({
    'variants.1.nicotineMgMl': CATALOGUE.variantNicotineTooStrong(25, 20),
  });
  expect(directiveErrors({ kind: 'liquid', variants: [{ nicotineMgMl: 1.5 }, { nicotineMgMl: 20 }] })).toEqual({});
});

test("a variant's name means nothing to the rules; a variant without a strength has the product's", () => {
  const named = [{ name: '30 mg', nicotineMgMl: null }] as Array<{ name: string; nicotineMgMl: number | null }>;
  expect(directiveErrors({ kind: 'device', variants: named })).toEqual({});
  // A liquid of 3 mg/ml by the product, its variant saying nothing: still a nicotine liquid.
  expect(directiveErrors({ kind: 'liquid', nicotineMgMl: 3, volumeMl: 30, variants: [{ nicotineMgMl: null }] })).toEqual({
    volumeMl: CATALOGUE.liquidContainerTooBig(10),
  });
  // A shortfill without nicotine whose one variant has some is a nicotine liquid.
  expect(directiveErrors({ kind: 'liquid', nicotineMgMl: 0, volumeMl: 30, variants: [{ nicotineMgMl: 3 }] })).toEqual({
    volumeMl: CATALOGUE.liquidContainerTooBig(10),
  });
});

test('a nicotine liquid is at most 10 ml; a tank or cartridge at most 2 ml each', () => {
  expect(directiveErrors({ kind: 'liquid', nicotineMgMl: 3, volumeMl: 10.5 })).toEqual({ volumeMl: CATALOGUE.liquidContainerTooBig(10) });
  expect(directiveErrors({ kind: 'liquid', nicotineMgMl: 0, volumeMl: 100 })).toEqual({});
  expect(directiveErrors({ kind: 'device', volumeMl: 6, tankCount: 3 })).toEqual({});
  expect(directiveErrors({ kind: 'device', volumeMl: 6, tankCount: 2 })).toEqual({ volumeMl: CATALOGUE.tankTooBig(2, 3) });
  expect(directiveErrors({ kind: 'pod', volumeMl: 2.2 })).toEqual({ volumeMl: CATALOGUE.tankTooBig(2, 2.2) });
  expect(CATALOGUE.tankTooBig(2, 2.2)).toContain('2,2 ml');
  expect(directiveErrors({ kind: 'accessory', volumeMl: 500 })).toEqual({});
});

test('kinds of products saved without one: by name, category and figures', () => {
  expect(inferKind({ name: 'VAP SOLO TWINS', categoryNames: ['TWINS'], nicotineMgMl: 20, volumeMl: 4 })).toBe('device');
  expect(inferKind({ name: 'Боровинка 10 ml', categoryNames: ['Никотинови соли', 'Течности'], nicotineMgMl: 20, volumeMl: 10 })).toBe(
    'liquid',
  );
  expect(inferKind({ name: 'Резервни патрони 2 бр.', nicotineMgMl: 20, volumeMl: 4 })).toBe('pod');
  expect(inferKind({ name: 'Подаръчна кутия', nicotineMgMl: 20, volumeMl: 4 })).toBe('device'); // "Под…" inside a word is no pod
  expect(inferKind({ name: 'USB-C кабел' })).toBe('accessory');
  expect(inferKind({ name: 'Калъф', categoryNames: ['Аксесоари'], volumeMl: 2 })).toBe('accessory');
  expect(inferTankCount(['Вкус 1', 'Вкус 2', 'Цвят'])).toBe(2);
  expect(inferTankCount(['Вкус'])).toBe(1);
});
