/* The shared header of the multifile example: vector helpers (vec.c) and
   sample statistics (stats.c), both used by main.c. A vector is a pointer to
   its first double and a length. */
#ifndef VEC_H
#define VEC_H

/* vec.c */
void vec_random(double *v, int n, int lo, int hi, unsigned long long *state);
double vec_sum(const double *v, int n);
double vec_dot(const double *x, const double *y, int n);
void vec_axpy(double a, const double *x, double *y, int n);
void vec_copy(const double *from, double *to, int n);

/* stats.c */
extern long stats_calls; /* how many statistics were computed */
double stats_mean(const double *v, int n);
double stats_variance(const double *v, int n);
double stats_covariance(const double *x, const double *y, int n);
void stats_range(const double *v, int n, double *min, double *max);
double stats_median(const double *v, int n);

#endif
