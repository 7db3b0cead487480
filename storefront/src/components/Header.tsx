// Header: logo home, the main links, the cart button with the badge (sum of
// quantities), the user links (Профил and Изход, or Вход; on a phone Изход sits in the menu)
// and the mobile menu toggle.
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAuth } from '../state/auth';
import { useCart } from '../state/cart';
import { useSettings } from '../state/settings';
import { TRADE } from '@domain/tradeTexts';

export const NAV_LINKS = [
  { to: '/', label: 'Начало', end: true },
  { to: '/products', label: 'Магазин', end: true },
  { to: '/products/vap-solo-twins', label: 'TWINS' },
  { to: '/products/vap-solo-triples', label: 'TRIPLES' },
  { to: '/contact', label: 'За дистрибутори' },
  { to: '/where-to-buy', label: TRADE.whereTitle },
];

export function Header() {
  const { user, logout, loading } = useAuth();
  const { count } = useCart();
  const { brand } = useSettings();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  // Escape closes the open menu and puts focus back on its toggle.
  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="header">
      <div className="header-inner">
        <button
          ref={toggleRef}
          type="button"
          className="icon-button menu-toggle"
          aria-label="Меню"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span className="burger" aria-hidden="true" />
        </button>
        <Link to="/" className="logo" title={`${brand} – начало`}>
          VAP<span>SOLO</span>
        </Link>
        <nav id="main-nav" className={`nav ${menuOpen ? 'nav-open' : ''}`} aria-label="Основна навигация">
          {NAV_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} className={({ isActive }) => (isActive ? 'active' : undefined)}>
              {l.label}
            </NavLink>
          ))}
          {user && (
            <button type="button" className="nav-signout mobile-only" onClick={() => void logout()}>
              Изход
            </button>
          )}
        </nav>
        <div className="header-actions">
          {user ? (
            <>
              <Link to="/account" className="signin-link" aria-label="Профил" title={user.email}>
                <UserIcon />
                <span className="desktop-only">Профил</span>
              </Link>
              <button type="button" className="signin-link desktop-only" onClick={() => void logout()}>
                Изход
              </button>
            </>
          ) : (
            !loading && (
              <Link to="/signin" className="signin-link">
                <UserIcon />
                <span>Вход</span>
              </Link>
            )
          )}
          <Link to="/cart" className="icon-button cart-button" aria-label={`Количка, ${count} бр.`}>
            <CartIcon />
            {count > 0 && (
              <span className="badge" data-testid="cart-count">
                {count}
              </span>
            )}
          </Link>
        </div>
      </div>
    </header>
  );
}

function CartIcon() {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 6h15l-1.5 9h-12z" />
      <path d="M6 6 5 3H2" />
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
    </svg>
  );
}

function UserIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </svg>
  );
}
