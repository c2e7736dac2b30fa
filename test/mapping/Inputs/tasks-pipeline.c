/* A pipeline of three stages that can each run on another node, sharing one
   helper, for `cleave tasks`. */
#include <stdio.h>

enum { N = 256 };

/* A subordinate both filters use: duplicated into each of their tasks. */
static double clamp(double x) { return x < 0 ? 0 : x > 1 ? 1 : x; }

/* A subordinate smooth alone uses. */
static double mean3(double a, double b, double c) { return (a + b + c) / 3; }

#pragma cleave region(in[0:n], out[0:n])
void smooth(const double *in, double *out, int n) {
  for (int i = 1; i + 1 < n; i++)
    out[i] = clamp(mean3(in[i - 1], in[i], in[i + 1]));
}

#pragma cleave region(v[0:n])
void scale(double *v, int n, double k) {
  for (int i = 0; i < n; i++)
    v[i] = clamp(v[i] * k);
}

#pragma cleave region(v[0:n])
double total(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}

/* Never called: a subordinate no dominant reaches. */
static void unused(void) { puts("unused"); }

int main(int argc, char **argv) {
  double a[N], b[N];
  int m = argc > 1 ? argc : N;
  (void)argv;
  for (int i = 0; i < N; i++)
    a[i] = (double)i / N;
  smooth(a, b, N);
  scale(b, N, 2.0);
  printf("total %f\n", total(b, m));
  return 0;
}
