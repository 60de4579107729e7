// Stand-in for the 'server-only' marker package in tests and CLI runs.
export {};
