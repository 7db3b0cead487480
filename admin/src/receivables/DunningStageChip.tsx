// Where a company's dunning stands (domain/dunning): Редовна, Наближава падеж, Просрочие, or
// Само с предплащане — the last one filled in the error colour with an icon, because it changes
// how the company may order (bank transfer only paid in advance) and staff must not miss it.
import { Chip, type ChipProps } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import { useTranslate } from 'react-admin';
import type { DunningStage } from '@domain/dunning';

const STAGE_LOOK: Record<DunningStage, Pick<ChipProps, 'color' | 'variant'>> = {
  current: { color: 'default', variant: 'outlined' },
  due_soon: { color: 'info', variant: 'outlined' },
  overdue: { color: 'warning', variant: 'filled' },
  prepayment_only: { color: 'error', variant: 'filled' },
};

export function DunningStageChip({ stage }: { stage: DunningStage | null | undefined }) {
  const translate = useTranslate();
  if (!stage) return null;
  const prepaymentOnly = stage === 'prepayment_only';
  return (
    <Chip
      size="small"
      {...STAGE_LOOK[stage]}
      icon={prepaymentOnly ? <BlockIcon aria-hidden /> : undefined}
      label={translate(`app.receivables.stage.${stage}`)}
      sx={prepaymentOnly ? { fontWeight: 700 } : undefined}
    />
  );
}
