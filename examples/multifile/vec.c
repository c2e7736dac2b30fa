/* Vector helpers of the multifile example (see main.c). */
#include "vec.h"

/* xorshift64: a fixed, portable stream of pseudo-random numbers. */
static unsigned long long next_random(unsigned long long *state) {
  unsigned long long x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

/* Fills v[0:n] with pseudo-random integers in [lo, hi]. */
void vec_random(double *v, int n, int lo, int hi, unsigned long long *state) {
  unsigned long long span = (unsigned long long)(hi - lo) + 1;
  for (int i = 0; i < n; i++)
    v[i] = lo + (double)(next_random(state) % span);
}

/* The sum of v[0:n] by pairwise summation: the rounding error grows with
   log n rather than n. */
double vec_sum(const double *v, int n) {
  if (n <= 8) {
    double s = 0;
    for (int i = 0; i < n; i++)
      s += v[i];
    return s;
  }
  return vec_sum(v, n / 2) + vec_sum(v + n / 2, n - n / 2);
}

double vec_dot(const double *x, const double *y, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

/* y += a x */
void vec_axpy(double a, const double *x, double *y, int n) {
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}

void vec_copy(const double *from, double *to, int n) {
  for (int i = 0; i < n; i++)
    to[i] = from[i];
}
