// The seller's identity and the consumer's authorities (Закон за електронната търговия, чл. 4;
// Закон за защита на потребителите): on the terms page and, in short, in the footer.
import { useSettings } from '../state/settings';
import type { LegalIdentity } from '@domain/api';

export function useLegalIdentity(): LegalIdentity | undefined {
  return useSettings().legal;
}

export function LegalNotice() {
  const legal = useLegalIdentity();
  const { contacts } = useSettings();
  return (
    <>
      <h2>Данни за търговеца</h2>
      {legal ? (
        <ul className="legal-identity">
          <li>
            Търговец: <strong>{legal.companyName}</strong>
          </li>
          <li>ЕИК: {legal.eik}</li>
          {legal.vatNumber && <li>ДДС №: {legal.vatNumber}</li>}
          {legal.seat && <li>Седалище: {legal.seat}</li>}
          {legal.address && <li>Адрес на управление: {legal.address}</li>}
          {legal.mol && <li>Управител: {legal.mol}</li>}
          <li>
            Телефон: {legal.phone || contacts.phone}; имейл: {legal.email || contacts.email}
          </li>
        </ul>
      ) : (
        <p>Имейл: {contacts.email}</p>
      )}
      <h2>Контролни органи</h2>
      <p>
        Комисия за защита на потребителите (КЗП): гр. София 1000, пл. „Славейков“ № 4А, ет. 3, 4 и 6; телефон 0700 111 22;{' '}
        <a href="https://kzp.bg" target="_blank" rel="noopener noreferrer">
          kzp.bg
        </a>
        . Комисия за защита на личните данни: гр. София 1592, бул. „Проф. Цветан Лазаров“ № 2; cpdp.bg.
      </p>
      <h2>Алтернативно решаване на спорове</h2>
      <p>
        Ако не постигнем съгласие по Ваша жалба, можете да се обърнете към помирителните комисии към КЗП (Общата помирителна комисия и
        секторните помирителни комисии), които разглеждат спорове между потребители и търговци безплатно. Информация и заявление за
        започване на производство ще намерите на kzp.bg. Платформата на ЕС за онлайн решаване на спорове (ОРС) е закрита от 20 юли 2025 г.
      </p>
    </>
  );
}
