type A = B;
type B = A;
type C = C | null;
type Lists = [Lists];
