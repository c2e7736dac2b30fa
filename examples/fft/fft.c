/* Takes the discrete Fourier transform of N complex samples (three tones plus
   a little pseudo-random integer noise) with a recursive radix-2 FFT, checks it
   against the direct O(N^2) sum, and prints the energy on both sides of
   Parseval's identity and the four strongest frequencies. Values are printed
   rounded to 3 decimals, far above the rounding errors of either method.

   usage: fft [N [SEED]]   (defaults: N = 1024, SEED = 1; N a power of two,
                            8 <= N <= 65536)

   Real and imaginary parts are kept in separate double arrays. A call
   transforms x[0:n] into y[0:n]: it moves the even samples of x to y[0:n/2]
   and the odd ones to y[n/2:n], transforms each half back into the same half
   of x (x is the scratch space), and combines the two half transforms into y
   with the twiddle factors, taken from a table made once by main. The two
   half transforms work on disjoint halves. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* y = DFT(x) of length n, where the table w holds exp(-2 pi i j / (n s)) at
   index j for j < n s / 2; x[0:n] is overwritten. */
static void fft(double *xr, double *xi, double *yr, double *yi, const double *wr,
                const double *wi, int n, int s) {
  if (n == 1) {
    yr[0] = xr[0];
    yi[0] = xi[0];
    return;
  }
  int h = n / 2;
  for (int k = 0; k < h; k++) {
    yr[k] = xr[2 * k];
    yi[k] = xi[2 * k];
    yr[h + k] = xr[2 * k + 1];
    yi[h + k] = xi[2 * k + 1];
  }
  fft(yr, yi, xr, xi, wr, wi, h, 2 * s);
  fft(yr + h, yi + h, xr + h, xi + h, wr, wi, h, 2 * s);
  for (int k = 0; k < h; k++) {
    double cr = wr[k * s], ci = wi[k * s];
    double tr = cr * xr[h + k] - ci * xi[h + k];
    double ti = cr * xi[h + k] + ci * xr[h + k];
    yr[k] = xr[k] + tr;
    yi[k] = xi[k] + ti;
    yr[h + k] = xr[k] - tr;
    yi[h + k] = xi[k] - ti;
  }
}

/* xorshift64: a fixed, portable stream of pseudo-random numbers. */
static unsigned long long next_random(unsigned long long *state) {
  unsigned long long x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1024;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  if (n < 8 || n > 65536 || (n & (n - 1)) != 0 || seed == 0) {
    fprintf(stderr, "usage: fft [N [SEED]] with N a power of two in [8, 65536] "
                    "and SEED > 0\n");
    return 2;
  }
  const double pi = 3.14159265358979323846;
  double *xr = malloc(n * sizeof *xr), *xi = malloc(n * sizeof *xi);
  double *yr = malloc(n * sizeof *yr), *yi = malloc(n * sizeof *yi);
  double *sr = malloc(n * sizeof *sr), *si = malloc(n * sizeof *si);
  double *cosine = malloc(n * sizeof *cosine), *sine = malloc(n * sizeof *sine);
  if (!xr || !xi || !yr || !yi || !sr || !si || !cosine || !sine) {
    fprintf(stderr, "fft: out of memory for N = %d\n", n);
    return 1;
  }
  /* cosine[j] + i sine[j] = exp(-2 pi i j / n); the FFT uses j < n / 2. */
  for (int j = 0; j < n; j++) {
    cosine[j] = cos(2 * pi * j / n);
    sine[j] = -sin(2 * pi * j / n);
  }
  /* Tones at frequencies n/8 (amplitude 3), 5 (amplitude 2, shifted by a
     quarter turn) and n/2 - 3 (amplitude 1), plus integer noise in [-2, 2]
     on both parts. */
  double energy_in = 0;
  for (int t = 0; t < n; t++) {
    double phase = 2 * pi * t / n;
    xr[t] = 3 * cos(phase * (n / 8)) + 2 * cos(phase * 5 + pi / 2) +
            cos(phase * (n / 2 - 3)) + (double)(int)(next_random(&seed) % 5) - 2;
    xi[t] = 3 * sin(phase * (n / 8)) + (double)(int)(next_random(&seed) % 5) - 2;
    sr[t] = xr[t];
    si[t] = xi[t];
    energy_in += xr[t] * xr[t] + xi[t] * xi[t];
  }

  fft(xr, xi, yr, yi, cosine, sine, n, 1);

  /* The direct sum, from the saved samples. */
  double worst = 0;
  for (int k = 0; k < n; k++) {
    double re = 0, im = 0;
    for (int t = 0; t < n; t++) {
      int j = (int)((long)k * t % n);
      re += sr[t] * cosine[j] - si[t] * sine[j];
      im += sr[t] * sine[j] + si[t] * cosine[j];
    }
    double d = fabs(re - yr[k]) + fabs(im - yi[k]);
    if (d > worst)
      worst = d;
  }

  double energy_out = 0;
  for (int k = 0; k < n; k++)
    energy_out += yr[k] * yr[k] + yi[k] * yi[k];
  printf("n %d\n", n);
  printf("sum |x|^2 = %.3f, sum |X|^2 / n = %.3f\n", energy_in, energy_out / n);

  /* The four strongest frequencies, strongest first; ties go to the lower
     index. */
  int top[4];
  for (int r = 0; r < 4; r++) {
    int best = -1;
    for (int k = 0; k < n; k++) {
      int taken = 0;
      for (int q = 0; q < r; q++)
        taken |= top[q] == k;
      if (taken)
        continue;
      if (best < 0 || hypot(yr[k], yi[k]) > hypot(yr[best], yi[best]))
        best = k;
    }
    top[r] = best;
    printf("X[%d] = %.3f %+.3f i, |X| = %.3f\n", best, yr[best], yi[best],
           hypot(yr[best], yi[best]));
  }
  printf("agrees with the direct sum to 1e-6: %s\n", worst < 1e-6 ? "yes" : "no");
  free(xr);
  free(xi);
  free(yr);
  free(yi);
  free(sr);
  free(si);
  free(cosine);
  free(sine);
  return 0;
}
