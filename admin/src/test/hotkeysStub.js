// react-hotkeys-hook ships ES modules only; jest (CommonJS) gets this stand-in. Keyboard shortcuts
// are not what the admin's component tests check.
module.exports = { useHotkeys: () => undefined, HotkeysProvider: ({ children }) => children, useHotkeysContext: () => ({}) };
