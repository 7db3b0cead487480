// The storefront: providers, the layout of every page, and the routes (each page its own chunk).
import { Suspense } from 'react';
import { lazy } from './lazyPage';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { SettingsProvider } from './state/settings';
import { AuthProvider } from './state/auth';
import { CartProvider } from './state/cart';
import { Header } from './components/Header';
import { Footer } from './components/Footer';
import { AgeGate } from './components/AgeGate';
import { ErrorBoundary } from './components/ErrorBoundary';
import { LoadingBar, RouteProgress } from './components/ProgressBar';
import { RouteChange } from './components/RouteChange';
import { LiveRegions } from './components/LiveRegions';

const Home = lazy(() => import('./pages/Home'));
const Shop = lazy(() => import('./pages/Shop'));
const ProductPage = lazy(() => import('./pages/ProductPage'));
const CartPage = lazy(() => import('./pages/CartPage'));
const Checkout = lazy(() => import('./pages/Checkout'));
const OrderPage = lazy(() => import('./pages/OrderPage'));
const Account = lazy(() => import('./pages/Account'));
const SignIn = lazy(() => import('./pages/SignIn'));
const Register = lazy(() => import('./pages/Register'));
const Contact = lazy(() => import('./pages/Contact'));
const InfoPage = lazy(() => import('./pages/InfoPage'));
const AccessibilityPage = lazy(() => import('./pages/AccessibilityPage'));
const NotFound = lazy(() => import('./pages/NotFound'));
const QuickOrder = lazy(() => import('./pages/QuickOrder'));
const TradeApply = lazy(() => import('./pages/TradeApply'));
const WhereToBuy = lazy(() => import('./pages/WhereToBuy'));
const ForgotPassword = lazy(() => import('./pages/PasswordPages').then((m) => ({ default: m.ForgotPassword })));
const ResetPassword = lazy(() => import('./pages/PasswordPages').then((m) => ({ default: m.ResetPassword })));
const VerifyEmail = lazy(() => import('./pages/VerifyEmail'));
const Invitation = lazy(() => import('./pages/Invitation'));

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Home />} />
      <Route path="/products" element={<Shop />} />
      <Route path="/products/:slug" element={<ProductPage />} />
      <Route path="/cart" element={<CartPage />} />
      <Route path="/checkout" element={<Checkout />} />
      <Route path="/orders/:id" element={<OrderPage />} />
      <Route path="/account" element={<Account />} />
      <Route path="/account/orders/:id" element={<OrderPage />} />
      <Route path="/signin" element={<SignIn />} />
      <Route path="/register" element={<Register />} />
      <Route path="/forgot-password" element={<ForgotPassword />} />
      <Route path="/reset-password" element={<ResetPassword />} />
      <Route path="/verify-email" element={<VerifyEmail />} />
      <Route path="/invitation/:token" element={<Invitation />} />
      <Route path="/contact" element={<Contact />} />
      <Route path="/terms" element={<InfoPage page="terms" />} />
      <Route path="/privacy" element={<InfoPage page="privacy" />} />
      <Route path="/returns" element={<InfoPage page="returns" />} />
      <Route path="/accessibility" element={<AccessibilityPage />} />
      <Route path="/trade/quick-order" element={<QuickOrder />} />
      <Route path="/trade/apply" element={<TradeApply />} />
      <Route path="/where-to-buy" element={<WhereToBuy />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

function Shell() {
  const location = useLocation();
  return (
    <>
      <a href="#main" className="skip-link">
        Към съдържанието
      </a>
      <RouteProgress />
      <Header />
      <main id="main" tabIndex={-1}>
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<LoadingBar />}>
            <AppRoutes />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <LiveRegions />
      <AgeGate />
      <RouteChange />
    </>
  );
}

export function App() {
  const navigate = useNavigate();
  return (
    <SettingsProvider>
      <AuthProvider navigate={navigate}>
        <CartProvider>
          <Shell />
        </CartProvider>
      </AuthProvider>
    </SettingsProvider>
  );
}
