/* Sample statistics of the multifile example (see main.c). */
#include <stdlib.h>

#include "vec.h"

long stats_calls;

double stats_mean(const double *v, int n) {
  stats_calls++;
  return vec_sum(v, n) / n;
}

/* The sample variance (divided by n - 1); 0 for a single value. */
double stats_variance(const double *v, int n) {
  return stats_covariance(v, v, n);
}

double stats_covariance(const double *x, const double *y, int n) {
  stats_calls++;
  if (n < 2)
    return 0;
  double mx = vec_sum(x, n) / n, my = vec_sum(y, n) / n;
  double s = 0;
  for (int i = 0; i < n; i++)
    s += (x[i] - mx) * (y[i] - my);
  return s / (n - 1);
}

void stats_range(const double *v, int n, double *min, double *max) {
  stats_calls++;
  *min = *max = v[0];
  for (int i = 1; i < n; i++) {
    if (v[i] < *min)
      *min = v[i];
    if (v[i] > *max)
      *max = v[i];
  }
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The median of v[0:n] (the mean of the two middle values when n is even);
   0 when out of memory. */
double stats_median(const double *v, int n) {
  stats_calls++;
  double *sorted = malloc(n * sizeof *sorted);
  if (!sorted)
    return 0;
  vec_copy(v, sorted, n);
  qsort(sorted, n, sizeof *sorted, compare);
  double m = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  free(sorted);
  return m;
}
