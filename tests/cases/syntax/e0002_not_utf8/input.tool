/// CafÃ© is fine.
tool f(a: string = "café") -> bool;
