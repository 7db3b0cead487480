// The 18+ gate's part of a rendered page's head (domain/ageGate.ts): the inline script that
// hides the gate before the first paint on a device that has answered yes, and the gate hidden
// where scripts do not run (nobody could answer it there). The CSP allows that one script by
// its hash (platform/http/securityHeaders.ts, handed it by app.ts); every other inline script stays blocked.
import crypto from 'node:crypto';
import { AGE_GATE_CLASS, AGE_GATE_HEAD_SCRIPT } from '@domain/ageGate';

export const AGE_GATE_HEAD = `<script>${AGE_GATE_HEAD_SCRIPT}</script><noscript><style>.${AGE_GATE_CLASS}{display:none}</style></noscript>`;

/** The script as a CSP source. */
export const AGE_GATE_SCRIPT_SOURCE = `'sha256-${crypto.createHash('sha256').update(AGE_GATE_HEAD_SCRIPT, 'utf8').digest('base64')}'`;
