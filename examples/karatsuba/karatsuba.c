/* Product of two polynomials of N coefficients by Karatsuba's method, as
   it is taught: split each in a low and a high half, multiply the low
   halves and the high halves, multiply the sums of the halves, and take
   the first two from the third for the middle terms; below CUT
   coefficients the schoolbook product. Each level allocates the room for
   its sums and their product with malloc. The coefficients are integers
   modulo a prime. Prints a checksum of the product, a few coefficients,
   and whether a sample of them agrees with the schoolbook sums.

   usage: karatsuba [N [SEED]]   (N a power of two, 1 <= N <= 4194304;
                                  defaults 4096 1; SEED > 0) */
#include <stdio.h>
#include <stdlib.h>

#define CUT 32
#define P 1000003

/* r[0 .. 2n - 2] = a * b, schoolbook; r[2n - 1] = 0. */
static void schoolbook(const long *a, const long *b, long *r, int n)
{
  for (int i = 0; i < 2 * n; i++)
    r[i] = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      r[i + j] = (r[i + j] + a[i] * b[j]) % P;
}

/* r[0 .. 2n - 1] = a * b, n a power of two. */
static void karatsuba(const long *a, const long *b, long *r, int n)
{
  if (n <= CUT) {
    schoolbook(a, b, r, n);
    return;
  }
  int h = n / 2;
  long *room = malloc(2 * n * sizeof *room);
  if (!room) {
    fprintf(stderr, "karatsuba: out of memory\n");
    exit(1);
  }
  long *sa = room, *sb = room + h, *mid = room + n;
  for (int i = 0; i < h; i++) {
    sa[i] = (a[i] + a[i + h]) % P;
    sb[i] = (b[i] + b[i + h]) % P;
  }
  karatsuba(a, b, r, h);
  karatsuba(a + h, b + h, r + n, h);
  karatsuba(sa, sb, mid, h);
  for (int i = 0; i < n; i++)
    mid[i] = ((mid[i] - r[i] - r[n + i]) % P + 2 * P) % P;
  for (int i = 0; i < n; i++)
    r[h + i] = (r[h + i] + mid[i]) % P;
  free(room);
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  if (argc > 3 || n < 1 || n > 4194304 || (n & (n - 1)) || seed == 0) {
    fprintf(stderr, "usage: karatsuba [N [SEED]] with N a power of two, 1 <= N <= 4194304, and SEED > 0\n");
    return 2;
  }
  long *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *r = malloc(2 * n * sizeof *r);
  if (!a || !b || !r) {
    fprintf(stderr, "karatsuba: out of memory for %d coefficients\n", n);
    return 1;
  }
  for (int i = 0; i < n; i++) {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    a[i] = (long)(seed % P);
    b[i] = (long)((seed >> 20) % P);
  }
  karatsuba(a, b, r, n);
  unsigned long long sum = 0;
  for (int i = 0; i < 2 * n; i++)
    sum = sum * 31 + r[i];
  int wrong = 0;
  for (int k = 0; k < 2 * n - 1; k += (2 * n - 1) / 7 + 1) {
    long s = 0;
    for (int i = 0; i < n; i++)
      if (k - i >= 0 && k - i < n)
        s = (s + a[i] * b[k - i]) % P;
    wrong += s != r[k];
  }
  printf("product of two polynomials of %d coefficients mod %d\n", n, P);
  printf("r[0] %ld r[n - 1] %ld r[2n - 2] %ld checksum %llu\n", r[0], r[n - 1], r[2 * n - 2], sum);
  printf("sampled coefficients against the schoolbook sums: %s\n", wrong ? "DIFFERENT" : "the same");
  free(a);
  free(b);
  free(r);
  return wrong != 0;
}
