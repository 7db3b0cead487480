// Footer: the 'Продукти' link group, contacts (Sofia, Bulgaria) and the copyright line.
import { TRADE } from '@domain/tradeTexts';
import { Link } from 'react-router-dom';
import { useSettings } from '../state/settings';
import { useLegalIdentity } from './LegalNotice';

export function Footer() {
  const { brand, contacts } = useSettings();
  const legal = useLegalIdentity();
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div>
          <div className="logo logo-footer">
            VAP<span>SOLO</span>
          </div>
          <p className="muted">Вейп устройства TWINS и TRIPLES. Само за пълнолетни (18+).</p>
        </div>
        <nav aria-label="Продукти">
          <h2>Продукти</h2>
          <ul>
            <li>
              <Link to="/">Начало</Link>
            </li>
            <li>
              <Link to="/products">Магазин</Link>
            </li>
            <li>
              <Link to="/contact">за дистрибутори</Link>
            </li>
            <li>
              <Link to="/where-to-buy">{TRADE.whereTitle}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Информация">
          <h2>Информация</h2>
          <ul>
            <li>
              <Link to="/terms">Общи условия</Link>
            </li>
            <li>
              <Link to="/privacy">Поверителност</Link>
            </li>
            <li>
              <Link to="/returns">Връщане и отказ</Link>
            </li>
            <li>
              <Link to="/accessibility">Достъпност</Link>
            </li>
          </ul>
        </nav>
        <address>
          <h2>Контакти</h2>
          {legal?.companyName && (
            <div>
              {legal.companyName}, ЕИК {legal.eik}
            </div>
          )}
          {contacts.address && <div>{contacts.address}</div>}
          <div>{contacts.city || 'София, България'}</div>
          {contacts.phone && (
            <div>
              <a href={`tel:${contacts.phone.replace(/\s/g, '')}`}>{contacts.phone}</a>
            </div>
          )}
          {contacts.email && (
            <div>
              <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
            </div>
          )}
          {contacts.hours && <div className="muted">{contacts.hours}</div>}
        </address>
      </div>
      <div className="copyright">
        © {new Date().getFullYear()} {brand}. Всички права запазени. София, България.
      </div>
    </footer>
  );
}
