// The panel's texts for flavour lists, product kinds and duplicates, both languages;
// the server's texts come from domain/messages.
import { CATALOGUE } from '@domain/messages';

export const flavourListsBg = {
  picker: 'Вкусове',
  pickerHelp: 'Попълва вкусовете от списък; после може да ги промените.',
  none: 'Още няма списъци с вкусове.',
  manage: 'Списъци с вкусове',
  filled: 'Вкусовете от „%{name}“ са попълнени (%{count}).',
  count: '%{smart_count} вкус |||| %{smart_count} вкуса',
  linesHelp: 'По един вкус на ред.',
  created: CATALOGUE.flavourListCreated,
  updated: CATALOGUE.flavourListUpdated,
  saveFailed: 'Неуспешно запазване на списъка с вкусове.',
};

export const flavourListsEn: Record<keyof typeof flavourListsBg, string> = {
  picker: 'Flavours',
  pickerHelp: 'Fills the flavours from a list; you can change them afterwards.',
  none: 'No flavour lists yet.',
  manage: 'Flavour lists',
  filled: 'Flavours from "%{name}" filled in (%{count}).',
  count: '%{smart_count} flavour |||| %{smart_count} flavours',
  linesHelp: 'One flavour a line.',
  created: 'Flavour list created.',
  updated: 'Flavour list saved.',
  saveFailed: 'Failed to save the flavour list.',
};

export const productToolsBg = {
  duplicate: 'Дублирай',
  duplicated: CATALOGUE.productDuplicated,
  duplicateFailed: 'Неуспешно дублиране на продукта.',
  tankCountHelp: 'Обемът се дели на тях: TWINS има 2 резервоара, TRIPLES – 3.',
  volumeHelp: 'Общо за продукта; за устройство – на всички резервоари.',
};

export const productToolsEn: Record<keyof typeof productToolsBg, string> = {
  duplicate: 'Duplicate',
  duplicated: 'A draft copy of the product was made.',
  duplicateFailed: 'Failed to duplicate the product.',
  tankCountHelp: 'The volume is shared by them: TWINS has 2 tanks, TRIPLES 3.',
  volumeHelp: 'For the whole product; for a device, all its tanks together.',
};

export const flavourListResourceBg = {
  name: 'Списък с вкусове |||| Списъци с вкусове',
  fields: { name: 'Име', flavours: 'Вкусове', flavourCount: 'Брой вкусове', updatedAt: 'Променен', createdAt: 'Създаден' },
};

export const flavourListResourceEn: typeof flavourListResourceBg = {
  name: 'Flavour list |||| Flavour lists',
  fields: { name: 'Name', flavours: 'Flavours', flavourCount: 'Flavours', updatedAt: 'Changed', createdAt: 'Created' },
};
