// The privacy page's text (GDPR art. 13): what is kept, why, for how long, the rights and how to
// use them, and every cookie and browser storage the shop sets. The storage names are the ones the
// code uses (sid, sid.rev in platform/http/session, csrf in platform/http/csrf, cart in domain/limits, the rest imported or checked by a test).
import { Link } from 'react-router-dom';
import { useSettings } from '../state/settings';
import { CART_COOKIE, CART_COOKIE_DAYS } from '@domain/limits';
import { AGE_CONFIRMED_KEY } from '@domain/ageGate';
import { CONTACT_RETENTION_YEARS_DEFAULT, ORDER_RETENTION_YEARS_DEFAULT } from '@domain/privacy';
import { TOKEN_KEY } from '../api/client';
import { SCROLL_KEY } from './RouteChange';
import { TRADE_HINT_COOKIE } from '../state/tradeHint';

/** Named here, not imported: the pages that own them are loaded apart (PrivacyText.test.tsx checks they agree). */
export const CHECKOUT_FORM_KEY = 'checkout-form';
export const DISCOUNT_KEY = 'discount-code';

const years = (n: number) => `${n} ${n === 1 ? 'година' : 'години'}`;

export function PrivacyText() {
  const { brand, contacts, legal, privacy } = useSettings();
  const controller = legal?.companyName || brand;
  const orderYears = privacy?.retentionYears ?? ORDER_RETENTION_YEARS_DEFAULT;
  const messageYears = privacy?.contactRetentionYears ?? CONTACT_RETENTION_YEARS_DEFAULT;
  const email = legal?.email || contacts.email;
  return (
    <>
      <p>
        Администратор на личните Ви данни е {controller}
        {legal?.eik ? `, ЕИК ${legal.eik}` : ''}
        {legal?.address ? `, ${legal.address}` : ''}. Обработваме ги съгласно Регламент (ЕС) 2016/679 (GDPR) и Закона за защита на личните
        данни. Връзка с нас: <a href={`mailto:${email}`}>{email}</a>.
      </p>

      <h2>Какво пазим, защо и докога</h2>
      <table className="privacy-table">
        <thead>
          <tr>
            <th scope="col">Данни</th>
            <th scope="col">Защо</th>
            <th scope="col">Докога</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Профил: имейл, име, телефон, парола (само като хеш), двуфакторен вход, ако го включите</td>
            <td>Вход в профила и история на поръчките (договор, чл. 6, ал. 1, б. „б“)</td>
            <td>Докато не закриете профила</td>
          </tr>
          <tr>
            <td>Поръчки: име, имейл, телефон, адрес или офис за доставка, бележка, продукти и суми</td>
            <td>Изпълнение и доставка на поръчката (договор); отчетност (законово задължение, чл. 6, ал. 1, б. „в“)</td>
            <td>
              {years(orderYears)} от поръчката (счетоводният срок по Закона за счетоводството); след това личните данни се заличават
              автоматично, а сумите остават
            </td>
          </tr>
          <tr>
            <td>Фактури: данните на купувача, както са във фактурата</td>
            <td>Законово задължение (Закон за ДДС, Закон за счетоводството)</td>
            <td>10 години; фактурите не се променят и при закриване на профила</td>
          </tr>
          <tr>
            <td>Съобщения от формата „за дистрибутори“: име, фирма, имейл, телефон, текст</td>
            <td>Отговор на запитването (легитимен интерес)</td>
            <td>{years(messageYears)}, после се заличават автоматично</td>
          </tr>
        </tbody>
      </table>
      <p>
        Данните за доставка предаваме на куриера (Еконт или Спиди) само доколкото е нужно за доставката. Не продаваме данни и не ги
        използваме за реклама.
      </p>

      <h2>Вашите права и как да ги упражните</h2>
      <ul>
        <li>
          <strong>Достъп и преносимост</strong>: в <Link to="/account">профила си</Link> изберете „Изтегли моите данни“ (JSON или CSV):
          профил, адреси, поръчки, фактури и съобщения.
        </li>
        <li>
          <strong>Изтриване</strong>: в <Link to="/account">профила си</Link> изберете „Закрий профила“ и потвърдете с паролата. Заличаваме
          името, имейла, телефона и адресите в профила и в поръчките; фактурите остават, както са издадени, защото законът го изисква.
        </li>
        <li>
          <strong>Поправка</strong>: пишете ни на {email}.
        </li>
        <li>
          <strong>Без профил</strong> (поръчка като гост или съобщение): пишете ни от същия имейл на {email} и ще Ви изпратим данните или ще
          ги заличим.
        </li>
        <li>
          <strong>Възражение и жалба</strong>: можете да подадете жалба до Комисията за защита на личните данни (
          <a href="https://www.cpdp.bg" rel="noopener noreferrer">
            www.cpdp.bg
          </a>
          ).
        </li>
      </ul>

      <h2>Бисквитки и памет на браузъра</h2>
      <p>
        Магазинът използва само необходимите бисквитки и памет на браузъра, без които не работи. Няма рекламни, аналитични или чужди
        бисквитки, затова не искаме съгласие.
      </p>
      <table className="privacy-table">
        <thead>
          <tr>
            <th scope="col">Име</th>
            <th scope="col">Вид</th>
            <th scope="col">За какво</th>
            <th scope="col">Докога</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>sid</code>, <code>sid.sig</code>, <code>sid.rev</code>
            </td>
            <td>бисквитка</td>
            <td>Сесия: вход в профила; последната запазена версия на сесията, за да я четем от паметта</td>
            <td>До изход или 14 дни</td>
          </tr>
          <tr>
            <td>
              <code>csrf</code>, <code>csrf.sig</code>
            </td>
            <td>бисквитка</td>
            <td>Защита на формите от подправени заявки (CSRF)</td>
            <td>14 дни</td>
          </tr>
          <tr>
            <td>
              <code>{TRADE_HINT_COOKIE}</code>
            </td>
            <td>бисквитка</td>
            <td>Само за служители на одобрени фирми: показва цените по договор</td>
            <td>До изход или затваряне на браузъра</td>
          </tr>
          <tr>
            <td>
              <code>{CART_COOKIE}</code>
            </td>
            <td>бисквитка</td>
            <td>Количката, докато не сте влезли</td>
            <td>{CART_COOKIE_DAYS} дни</td>
          </tr>
          <tr>
            <td>
              <code>{AGE_CONFIRMED_KEY}</code>
            </td>
            <td>памет на браузъра (localStorage)</td>
            <td>Отговорът, че сте навършили 18 години</td>
            <td>Докато не я изчистите</td>
          </tr>
          <tr>
            <td>
              <code>{CHECKOUT_FORM_KEY}</code>, <code>{DISCOUNT_KEY}</code>, <code>{SCROLL_KEY}</code>
            </td>
            <td>памет на раздела (sessionStorage)</td>
            <td>Попълненото при поръчката, въведеният код за отстъпка, мястото на страницата</td>
            <td>До затваряне на раздела</td>
          </tr>
          <tr>
            <td>
              <code>{TOKEN_KEY}</code>
            </td>
            <td>памет на браузъра (localStorage)</td>
            <td>Личен API ключ, само ако сами сте го поставили</td>
            <td>Докато не го изтриете</td>
          </tr>
        </tbody>
      </table>
    </>
  );
}
