require('@testing-library/jest-dom');
// jsdom leaves these out; react-router needs them.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
// findBy…/waitFor wait for what the user would see. The pages are lazily imported and ts-jest
// transpiles each on first import, which takes more than Testing Library's default second when
// the machine is busy: wait longer (a passing test returns as soon as the text is there).
require('@testing-library/react').configure({ asyncUtilTimeout: 10000 });
