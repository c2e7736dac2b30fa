void scale(double *v, int n);

void twice(double *v, int n) {
  scale(v, n);
  scale(v + n, n);
}
