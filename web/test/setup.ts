// Web component tests: jsdom environment setup.
export {};
