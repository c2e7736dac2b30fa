/* Integrates four functions with adaptive Simpson quadrature and prints each
   result, the exact value and how many times the function was evaluated.

   usage: quadrature [EPS]   (default: EPS = 1e-10, the absolute error asked
                              for each integral; 1e-15 <= EPS <= 0.1)

   An interval is split in two halves until Simpson's rule on the halves agrees
   with Simpson's rule on the whole to 15 EPS; each half then gets half the
   error budget. The two halves are independent, but each returns its integral
   to the caller, which adds them; the integrand comes in through a function
   pointer and calls the math library, and an evaluation counter is passed by
   pointer. cleave keeps these calls sequential and says why. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef double (*integrand)(double);

static double quarter_circle(double x) { return 4 / (1 + x * x); } /* 0..1: pi */
static double root(double x) { return sqrt(x); }                   /* 0..1: 2/3 */
static double wave(double x) { return sin(x); }                    /* 0..pi: 2 */
static double bell(double x) { return exp(-x * x); }               /* 0..2: sqrt(pi)/2 erf(2) */

/* The integral of f over [a, b], given f at a, (a+b)/2 and b and Simpson's
   rule on the whole interval. */
static double adaptive(integrand f, double a, double b, double fa, double fm, double fb,
                       double whole, double eps, int depth, long *evals) {
  double m = (a + b) / 2, lm = (a + m) / 2, rm = (m + b) / 2;
  double flm = f(lm), frm = f(rm);
  *evals += 2;
  double left = (m - a) / 6 * (fa + 4 * flm + fm);
  double right = (b - m) / 6 * (fm + 4 * frm + fb);
  double delta = left + right - whole;
  if (depth <= 0 || fabs(delta) <= 15 * eps)
    return left + right + delta / 15;
  return adaptive(f, a, m, fa, flm, fm, left, eps / 2, depth - 1, evals) +
         adaptive(f, m, b, fm, frm, fb, right, eps / 2, depth - 1, evals);
}

/* The integral of f over [a, b] to about eps. */
static double integrate(integrand f, double a, double b, double eps, long *evals) {
  double fa = f(a), fm = f((a + b) / 2), fb = f(b);
  *evals = 3;
  double whole = (b - a) / 6 * (fa + 4 * fm + fb);
  return adaptive(f, a, b, fa, fm, fb, whole, eps, 50, evals);
}

static void report(const char *name, integrand f, double a, double b, double exact,
                   double eps) {
  long evals;
  double got = integrate(f, a, b, eps, &evals);
  printf("%-20s %.10f exact %.10f within 10 eps: %s, %ld evaluations\n", name, got, exact,
         fabs(got - exact) <= 10 * eps ? "yes" : "no", evals);
}

int main(int argc, char **argv) {
  double eps = argc > 1 ? strtod(argv[1], NULL) : 1e-10;
  if (!(eps >= 1e-15 && eps <= 0.1)) {
    fprintf(stderr, "usage: quadrature [EPS] with 1e-15 <= EPS <= 0.1\n");
    return 2;
  }
  const double pi = 3.14159265358979323846;
  report("4/(1+x^2) on [0,1]", quarter_circle, 0, 1, pi, eps);
  report("sqrt(x) on [0,1]", root, 0, 1, 2.0 / 3, eps);
  report("sin(x) on [0,pi]", wave, 0, pi, 2, eps);
  report("exp(-x^2) on [0,2]", bell, 0, 2, sqrt(pi) / 2 * erf(2), eps);
  return 0;
}
