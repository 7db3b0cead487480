// The dashboard says which sales mode is on (Settings → Продажби): selling to everyone,
// or regulated products to trade members only (ЗТТСТИ чл. 31а), with a link to change it.
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Button, Card, CardActions, CardContent, CardHeader, Chip, Typography } from '@mui/material';
import { useBasename } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ConsumerCatalogue, SalesMode } from '@domain/trade';
import { SALES_SETTINGS_TEXT as T } from '@domain/salesModeTexts';
import { useSettings } from '../settings/useSettings';

export function SalesModeCard() {
  const b = useBasename();
  const sales = (useSettings().data?.sales ?? null) as { mode: SalesMode; consumerCatalogue: ConsumerCatalogue } | null;
  if (!sales) return null;
  const tradeOnly = sales.mode === 'trade_only';
  return (
    <Card data-testid="sales-mode-card">
      <CardHeader slotProps={{ title: { component: 'h2' } }} avatar={<StorefrontIcon color="primary" />} title={T.dashboardTitle} />
      <CardContent sx={{ pt: 0 }}>
        <Chip color={tradeOnly ? 'success' : 'warning'} label={tradeOnly ? T.dashboardTradeOnly : T.dashboardAll} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {tradeOnly ? (sales.consumerCatalogue === 'hidden' ? T.dashboardHidden : T.dashboardInfo) : T.allModeWarning}
        </Typography>
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={`${b}/settings/sales`} size="small">
          {T.tab}
        </Button>
      </CardActions>
    </Card>
  );
}
