import { fillFlavours, flavourListErrors, flavoursFromText } from './flavourLists';
import { CATALOGUE } from './messages';

test('picking a list fills every flavour attribute a product has, and leaves the others', () => {
  const filled = fillFlavours(
    [
      { id: 1, name: 'Вкус 1', values: [{ id: 5, value: 'Стара' }] },
      { name: 'Вкус 2', values: [] },
      { name: 'Цвят', values: ['Черен'] },
    ],
    ['Ягода', 'Диня'],
    3,
  );
  expect(filled).toEqual([
    { id: 1, name: 'Вкус 1', values: [{ value: 'Ягода' }, { value: 'Диня' }] },
    { name: 'Вкус 2', values: [{ value: 'Ягода' }, { value: 'Диня' }] },
    { name: 'Цвят', values: ['Черен'] },
  ]);
});

test('a product without flavour attributes gets one per tank ("Вкус" for one)', () => {
  expect(fillFlavours([], ['Мента'], 3).map((a) => a.name)).toEqual(['Вкус 1', 'Вкус 2', 'Вкус 3']);
  expect(fillFlavours([{ name: 'Цвят', values: ['Черен'] }], ['Мента'], 1).map((a) => a.name)).toEqual(['Вкус', 'Цвят']);
});

test('a list needs a flavour and no flavour twice', () => {
  expect(flavourListErrors([])).toEqual({ flavours: CATALOGUE.flavourListEmpty });
  expect(flavourListErrors(['Мента', 'МЕНТА'])).toEqual({ 'flavours.1': CATALOGUE.flavourTwice('МЕНТА') });
  expect(flavourListErrors(['Мента', 'Диня'])).toEqual({});
  expect(flavoursFromText(' Мента \n\nДиня\r\n')).toEqual(['Мента', 'Диня']);
});
