// Two-factor sign-in in the profile: set up with a QR code, confirm with a code, keep the backup
// codes; turn off with a code.
import { FormEvent, useState } from 'react';
import { shopApi } from '../api/shop';
import { ApiError } from '../api/client';
import { useAuth } from '../state/auth';
import { toast } from '../state/toast';

export function TwoFactorSettings() {
  const { twoFactorAuth, setTwoFactor } = useAuth();
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setError('');
    try {
      setSetup(await shopApi.twoFactorSetup());
    } catch {
      /* toast shown */
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      if (twoFactorAuth) {
        toast.success((await shopApi.twoFactorDisable(code.trim())).message);
        setTwoFactor(false);
      } else {
        const r = await shopApi.twoFactorEnable(code.trim());
        toast.success(r.message);
        setCodes(r.backupCodes);
        setSetup(null);
        setTwoFactor(true);
      }
      setCode('');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Грешка. Опитайте отново.');
    } finally {
      setBusy(false);
    }
  };

  const codeForm = (label: string) => (
    <form onSubmit={submit} noValidate className="two-factor-form">
      <div className="field">
        <label htmlFor="two-factor-code">Код от приложението</label>
        <input
          id="two-factor-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={20}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? 'two-factor-code-error' : undefined}
        />
        {error && (
          <span id="two-factor-code-error" className="error-text" role="alert">
            {error}
          </span>
        )}
      </div>
      <button type="submit" className="button" disabled={!code.trim()} aria-disabled={busy || undefined}>
        {label}
      </button>
    </form>
  );

  return (
    <section className="card" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Двуфакторно удостоверяване</h2>
      {codes && (
        <div className="notice">
          <p>
            <strong>Резервни кодове</strong> — всеки важи веднъж, ако нямате телефона си. Запазете ги сега: няма да бъдат показани отново.
          </p>
          <ul className="backup-codes mono">
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
      {twoFactorAuth ? (
        <>
          <p className="ok-text">Включено. При вход ще Ви питаме и за код.</p>
          {codeForm('Изключи')}
        </>
      ) : setup ? (
        <>
          <p>Сканирайте кода с Google Authenticator, Microsoft Authenticator или друго приложение и въведете показания код.</p>
          <img src={setup.qr} alt="QR код за приложението за удостоверяване" width="200" height="200" className="qr" />
          <p className="muted small">
            Или въведете ключа ръчно: <span className="mono">{setup.secret}</span>
          </p>
          {codeForm('Включи')}
        </>
      ) : (
        <>
          <p className="muted">Защитете профила си с код от телефона при всеки вход.</p>
          <button type="button" className="button button-ghost" onClick={() => void start()}>
            Включи
          </button>
        </>
      )}
    </section>
  );
}
