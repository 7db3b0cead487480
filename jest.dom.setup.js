require('@testing-library/jest-dom');
// jsdom leaves these out; react-router needs them.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
