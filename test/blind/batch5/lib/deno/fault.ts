// Defect switch for the blind-fault measurement. Empty FAULT = conformant build.
export const FAULT: string = Deno.env.get('FAULT') ?? '';
export const fault = (name: string): boolean => FAULT === name;
