/* Integrates f(x) = x (x^2 + 1) from 0 to BOUND by adaptive trapezoids and
   prints the result, the exact value BOUND^4 / 4 + BOUND^2 / 2 and whether
   the two agree to a relative 1e-6.

   usage: integrate [BOUND]   (default: BOUND = 1000; 1 <= BOUND <= 20000;
                              BOUND = 10000 takes a few seconds)

   integrate(x1, y1, x2, y2, area) is given an interval, the values of f at
   its ends and the trapezoid estimate of the integral over it. It splits the
   interval at its midpoint and compares the sum of the two smaller trapezoids
   with the estimate: if they agree to within EPSILON the sum is the answer,
   otherwise it integrates the left half and the right half by recursion and
   returns the sum of the two results. */
#include <stdio.h>
#include <stdlib.h>

static const double EPSILON = 1.0e-9;

static double f(double x) { return x * (x * x + 1.0); }

static double absolute(double x) { return x < 0 ? -x : x; }

/* The integral of f from x1 to x2, where y1 = f(x1), y2 = f(x2) and area is
   the trapezoid estimate of the integral. */
static double integrate(double x1, double y1, double x2, double y2, double area) {
  double half = (x2 - x1) / 2;
  double x0 = x1 + half;
  double y0 = f(x0);
  double left_area = (y1 + y0) / 2 * half;
  double right_area = (y0 + y2) / 2 * half;
  double both = left_area + right_area;
  if (absolute(both - area) < EPSILON)
    return both;
  double left = integrate(x1, y1, x0, y0, left_area);
  double right = integrate(x0, y0, x2, y2, right_area);
  return left + right;
}

int main(int argc, char **argv) {
  long bound = argc > 1 ? atol(argv[1]) : 1000;
  if (argc > 2 || bound < 1 || bound > 20000) {
    fprintf(stderr, "usage: integrate [BOUND] with 1 <= BOUND <= 20000\n");
    return 2;
  }
  double b = (double)bound;
  double result = integrate(0, f(0), b, f(b), 0);
  double exact = b * b * b * b / 4 + b * b / 2;
  int agree = absolute(result - exact) <= 1e-6 * exact;
  printf("integral of x (x^2 + 1) from 0 to %ld: %.10f\n", bound, result);
  printf("exact value %.10f\n", exact);
  printf("agree to a relative 1e-6: %s\n", agree ? "yes" : "NO");
  return agree ? 0 : 1;
}
