volatile int scaled;

void scale(double *v, int n) {
  scaled++;
  for (int i = 0; i < n; i++)
    v[i] *= 2;
}
