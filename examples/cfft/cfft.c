/* Computes the discrete Fourier transform of N = 2^LOG2N pseudo-random complex
   numbers by a recursive radix-2 FFT, then checks it: the energies of the
   input and of the transform (Parseval's theorem) and a few bins computed
   directly from the definition. Prints the energies, those bins and the
   outcome of the checks.

   usage: cfft [LOG2N [SEED]]   (defaults: LOG2N = 12, SEED = 1;
                                 0 <= LOG2N <= 26, SEED > 0)

   Link with -lm. Complex numbers are a COMPLEX struct of two doubles. fft()
   transforms the n samples in[0], in[stride], in[2 stride], ... into
   out[0 .. n-1]: it transforms the even-numbered samples into the first half
   of out and the odd-numbered ones into the second half (two independent
   recursive calls), then combines the halves with butterflies(), which splits
   its range of butterflies in two by recursion and loops below a small size.
   The twiddle factors exp(-2 pi i j / N), j < N / 2, are computed once into a
   table; a transform of n points at stride s uses every s-th one. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  double re, im;
} COMPLEX;

enum { BUTTERFLY_SMALL = 1024, DIRECT_BINS = 5 };

static const double PI = 3.14159265358979323846;

static COMPLEX complex_mul(COMPLEX x, COMPLEX y) {
  COMPLEX z;
  z.re = x.re * y.re - x.im * y.im;
  z.im = x.re * y.im + x.im * y.re;
  return z;
}

/* The butterflies k = lo .. hi - 1 that combine the half transforms
   out[0 .. h-1] and out[h .. 2h-1] into the whole one; w[k * stride] is the
   k-th twiddle factor at this size. */
static void butterflies(COMPLEX *out, int lo, int hi, int h, int stride, const COMPLEX *w) {
  if (hi - lo > BUTTERFLY_SMALL) {
    int mid = lo + (hi - lo) / 2;
    butterflies(out, lo, mid, h, stride, w);
    butterflies(out, mid, hi, h, stride, w);
    return;
  }
  for (int k = lo; k < hi; k++) {
    COMPLEX t = complex_mul(w[(size_t)k * stride], out[k + h]);
    COMPLEX u = out[k];
    out[k].re = u.re + t.re;
    out[k].im = u.im + t.im;
    out[k + h].re = u.re - t.re;
    out[k + h].im = u.im - t.im;
  }
}

/* out[0 .. n-1] = the transform of in[0], in[stride], ..., in[(n-1) stride];
   w is the twiddle table of the size n * stride. */
static void fft(const COMPLEX *in, COMPLEX *out, int n, int stride, const COMPLEX *w) {
  if (n == 1) {
    out[0] = in[0];
    return;
  }
  if (n == 2) {
    out[0].re = in[0].re + in[stride].re;
    out[0].im = in[0].im + in[stride].im;
    out[1].re = in[0].re - in[stride].re;
    out[1].im = in[0].im - in[stride].im;
    return;
  }
  int h = n / 2;
  fft(in, out, h, 2 * stride, w);
  fft(in + stride, out + h, h, 2 * stride, w);
  butterflies(out, 0, h, h, stride, w);
}

/* xorshift64: a fixed, portable stream of pseudo-random numbers. */
static unsigned long long next_random(unsigned long long *state) {
  unsigned long long x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

/* A pseudo-random number in [-1, 1). */
static double uniform(unsigned long long *state) {
  return (double)(next_random(state) >> 11) / 4503599627370496.0 - 1.0;
}

int main(int argc, char **argv) {
  int log2n = argc > 1 ? atoi(argv[1]) : 12;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  if (argc > 3 || log2n < 0 || log2n > 26 || seed == 0) {
    fprintf(stderr, "usage: cfft [LOG2N [SEED]] with 0 <= LOG2N <= 26 and SEED > 0\n");
    return 2;
  }
  int n = 1 << log2n;
  COMPLEX *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
  COMPLEX *w = malloc((size_t)(n / 2 + 1) * sizeof *w);
  if (!x || !y || !w) {
    fprintf(stderr, "cfft: out of memory for 2^%d points\n", log2n);
    return 1;
  }
  w[0].re = 1; /* also the one factor the direct DFT of N = 1 needs */
  w[0].im = 0;
  for (int j = 1; j < n / 2; j++) {
    w[j].re = cos(2 * PI * j / n);
    w[j].im = -sin(2 * PI * j / n);
  }
  for (int j = 0; j < n; j++) {
    x[j].re = uniform(&seed);
    x[j].im = uniform(&seed);
  }

  fft(x, y, n, 1, w);

  /* Parseval: sum |x_j|^2 = (1 / N) sum |y_k|^2. */
  double energy_in = 0, energy_out = 0;
  for (int j = 0; j < n; j++) {
    energy_in += x[j].re * x[j].re + x[j].im * x[j].im;
    energy_out += y[j].re * y[j].re + y[j].im * y[j].im;
  }
  energy_out /= n;
  double parseval = fabs(energy_in - energy_out) / (energy_in > 0 ? energy_in : 1);

  /* A few bins by the definition y_k = sum x_j exp(-2 pi i j k / N), the
     twiddle of j k mod N taken from the table (the second half of the circle
     is the negated first half). */
  int bins[DIRECT_BINS] = {0, 1, n / 4 + 1, n / 2 + 3, n - 1};
  double worst = 0;
  printf("n %d\n", n);
  printf("energy of the input %.6f, of the transform / N %.6f\n", energy_in, energy_out);
  for (int b = 0; b < DIRECT_BINS; b++) {
    int k = bins[b] % n;
    long idx = 0;
    COMPLEX sum = {0, 0};
    for (int j = 0; j < n; j++) {
      COMPLEX tw = 2 * idx < n ? w[idx] : w[idx - n / 2];
      if (2 * idx >= n) {
        tw.re = -tw.re;
        tw.im = -tw.im;
      }
      COMPLEX t = complex_mul(x[j], tw);
      sum.re += t.re;
      sum.im += t.im;
      idx += k;
      if (idx >= n)
        idx -= n;
    }
    double err = fabs(sum.re - y[k].re) + fabs(sum.im - y[k].im);
    if (err > worst)
      worst = err;
    printf("y[%d] = %.6f %+.6f i\n", k, y[k].re, y[k].im);
  }
  int ok = parseval < 1e-9 && worst < 1e-9 * n;
  printf("relative Parseval difference below 1e-9: %s\n", parseval < 1e-9 ? "yes" : "NO");
  printf("direct DFT of %d bins agrees within 1e-9 * N: %s\n", DIRECT_BINS,
         worst < 1e-9 * n ? "yes" : "NO");
  free(x);
  free(y);
  free(w);
  return ok ? 0 : 1;
}
