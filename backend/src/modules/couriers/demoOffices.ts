// The office directory shown while a courier has no API credentials (like the demo catalogue):
// a dozen real-looking offices in Sofia, Plovdiv and Varna per courier, marked `demo`.
import type { Courier } from '@domain/couriers';
import type { OfficeRecord } from './client';

export const DEMO_OFFICES: Readonly<Record<Courier, readonly OfficeRecord[]>> = {
  econt: [
    { code: '1127', name: 'София Младост 1', city: 'София', address: 'ж.к. Младост 1, бул. „Александър Малинов“ 31' },
    { code: '1138', name: 'София Лозенец', city: 'София', address: 'ул. „Крум Попов“ 56' },
    { code: '1163', name: 'София Люлин 5', city: 'София', address: 'ж.к. Люлин 5, бул. „Джавахарлал Неру“ 28' },
    { code: '1084', name: 'София Център', city: 'София', address: 'ул. „Граф Игнатиев“ 12' },
    { code: '1179', name: 'София Студентски град', city: 'София', address: 'ул. „Проф. д-р Иван Странски“ 9' },
    { code: '4000', name: 'Пловдив Център', city: 'Пловдив', address: 'бул. „Руски“ 51' },
    { code: '4003', name: 'Пловдив Тракия', city: 'Пловдив', address: 'ж.к. Тракия, ул. „Съединение“ 2' },
    { code: '4017', name: 'Пловдив Кършияка', city: 'Пловдив', address: 'бул. „България“ 120' },
    { code: '9000', name: 'Варна Център', city: 'Варна', address: 'бул. „Владислав Варненчик“ 22' },
    { code: '9009', name: 'Варна Чайка', city: 'Варна', address: 'ж.к. Чайка, бл. 9' },
    { code: '9020', name: 'Варна Младост', city: 'Варна', address: 'бул. „Република“ 64' },
    { code: '9027', name: 'Варна Аспарухово', city: 'Варна', address: 'бул. „Народни будители“ 7' },
  ],
  speedy: [
    { code: '2', name: 'СОФИЯ - ЦЕНТЪР', city: 'София', address: 'ул. „Екзарх Йосиф“ 31' },
    { code: '14', name: 'СОФИЯ - МЛАДОСТ', city: 'София', address: 'ж.к. Младост 2, ул. „Свети Киприян“ 44' },
    { code: '25', name: 'СОФИЯ - ЛЮЛИН', city: 'София', address: 'ж.к. Люлин 7, бул. „Панчо Владигеров“ 73' },
    { code: '41', name: 'СОФИЯ - ЛОЗЕНЕЦ', city: 'София', address: 'ул. „Златен рог“ 20' },
    { code: '58', name: 'СОФИЯ - ДРУЖБА', city: 'София', address: 'ж.к. Дружба 1, ул. „Обиколна“ 45' },
    { code: '101', name: 'ПЛОВДИВ - ЦЕНТЪР', city: 'Пловдив', address: 'ул. „Иван Вазов“ 36' },
    { code: '107', name: 'ПЛОВДИВ - СМИРНЕНСКИ', city: 'Пловдив', address: 'ж.к. Смирненски, ул. „Гладстон“ 2' },
    { code: '119', name: 'ПЛОВДИВ - ТРАКИЯ', city: 'Пловдив', address: 'ж.к. Тракия, бул. „Освобождение“ 37' },
    { code: '201', name: 'ВАРНА - ЦЕНТЪР', city: 'Варна', address: 'ул. „Генерал Колев“ 46' },
    { code: '208', name: 'ВАРНА - ВЛАДИСЛАВОВО', city: 'Варна', address: 'ж.к. Владислав Варненчик, бл. 203' },
    { code: '214', name: 'ВАРНА - ЛЕВСКИ', city: 'Варна', address: 'бул. „Цар Освободител“ 76' },
    { code: '220', name: 'ВАРНА - ТРОШЕВО', city: 'Варна', address: 'ж.к. Трошево, ул. „Уша“ 3' },
  ],
};
