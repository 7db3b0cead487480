// Small pieces the money pages share: a wide table's scrolling box and a described value.
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/**
 * A wide table scrolls inside its own box on a narrow screen, never the page; the box is
 * reachable by Tab and named, so keyboard users can scroll it too.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ width: '100%', overflowX: 'auto', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
    >
      {children}
    </Box>
  );
}

/** A label and its value, as one entry of a page's description list (`<dl>`). */
export function Entry({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}
