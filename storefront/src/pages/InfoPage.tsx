// Общи условия, поверителност, връщане и отказ: the texts a Bulgarian online shop must show.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LegalNotice } from '../components/LegalNotice';
import { useSettings } from '../state/settings';
import { Seo } from '../components/Seo';
import { WithdrawalForm } from '../components/WithdrawalForm';
import { WITHDRAWAL_DAYS } from '@domain/orderStatus';
import { PrivacyText } from '../components/PrivacyText';

type Page = 'terms' | 'privacy' | 'returns';

export default function InfoPage({ page }: { page: Page }) {
  const { brand, contacts, bank } = useSettings();
  const seller = `${bank.beneficiary || brand}, ${contacts.address ? contacts.address + ', ' : ''}${contacts.city}`;
  const content: Record<Page, { title: string; body: ReactNode }> = {
    terms: {
      title: 'Общи условия',
      body: (
        <>
          <p>
            Тези условия уреждат покупките от онлайн магазина {brand}. Продавач: {seller}. Имейл: {contacts.email}.
          </p>
          <LegalNotice />
          <h2>Пълнолетие</h2>
          <p>
            Продаваме само на лица, навършили 18 години. С поръчката потвърждавате възрастта си; при доставка куриерът може да поиска
            документ за самоличност.
          </p>
          <h2>Поръчка и цени</h2>
          <p>
            Цените са в български лева с включен ДДС. Договорът се сключва, когато потвърдим поръчката по имейл. Ако продукт се изчерпа, ще
            Ви уведомим и няма да Ви таксуваме за него.
          </p>
          <h2>Доставка и плащане</h2>
          <p>Доставяме с Еконт и Спиди до офис или адрес в България за 1–2 работни дни. Плащате с наложен платеж или банков превод.</p>
          <h2>Право на отказ</h2>
          <p>
            Имате право да се откажете от договора в {WITHDRAWAL_DAYS} дни от получаването без да посочвате причина. Вижте{' '}
            <Link to="/returns">Връщане и отказ</Link>. Можете да използвате стандартния формуляр по-долу, но не сте длъжни.
          </p>
          <h2>Здравно предупреждение</h2>
          <p>Продуктите с никотин съдържат силно пристрастяващо вещество и не се препоръчват за непушачи, бременни и кърмещи жени.</p>
          <WithdrawalForm />
        </>
      ),
    },
    privacy: {
      title: 'Поверителност',
      body: <PrivacyText />,
    },
    returns: {
      title: 'Връщане и отказ',
      body: (
        <>
          <p>Можете да се откажете от поръчката в {WITHDRAWAL_DAYS} дни от получаването ѝ, без да посочвате причина.</p>
          <ol>
            <li>
              Отворете поръчката в <Link to="/account">профила си</Link> и изберете „Откажи се от поръчката“, или ни пишете на{' '}
              {contacts.email}.
            </li>
            <li>Ще получите потвърждение с дата и час на отказа.</li>
            <li>
              Върнете стоката в {WITHDRAWAL_DAYS} дни, неизползвана и в оригиналната опаковка (по хигиенни причини отворени пълнители не се
              връщат).
            </li>
            <li>Изпратете я с куриер до адреса на търговеца; преките разходи по връщането са за Ваша сметка.</li>
            <li>Възстановяваме сумата до {WITHDRAWAL_DAYS} дни след получаването на стоката.</li>
          </ol>
          <p>Поръчка, която още не е изпратена, можете да откажете веднага от профила си.</p>
        </>
      ),
    },
  };
  const { title, body } = content[page];
  return (
    <div className="page narrow prose">
      <Seo title={title} />
      <h1>{title}</h1>
      {body}
    </div>
  );
}
