// JSON.stringify's real result: undefined for undefined, a function or a symbol (lib.d.ts says
// string). Callers that may hold any value say what to write instead.
export const jsonText = (value: unknown): string | undefined => JSON.stringify(value);
