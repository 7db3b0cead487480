// /admin/settings: the shop's settings form, the cards that save their own parts of the settings
// (legal identity, accessibility statement, the euro), and the signed-in admin's two-factor sign-in
// and personal API tokens. The cards share one settings query (queryKeys.settings): a save
// updates it, so none of them tells another by hand.
import { Box } from '@mui/material';
import { LegalIdentityCard } from '../invoices/LegalIdentityCard';
import { AccessibilityCard } from './AccessibilityCard';
import { TokensCard } from './ApiTokens';
import { AuditLogCard } from './AuditLogCard';
import { EuroCard } from './EuroSwitch';
import { SettingsForm } from './SettingsForm';
import { TwoFactorCard } from './TwoFactor';

export function SettingsPage() {
  return (
    <Box sx={{ mb: 4 }}>
      {/* The page's title (its h1) is the settings form's (Edit's title). */}
      <SettingsForm />
      <LegalIdentityCard />
      <AccessibilityCard />
      <EuroCard />
      <TwoFactorCard />
      <TokensCard />
      <AuditLogCard />
    </Box>
  );
}
