// A process's environment variables as the modules that read them take it (a copy in tests).
export type Env = Readonly<Record<string, string | undefined>>;
