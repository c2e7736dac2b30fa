/* OpenMP reference version of examples/pixels/pixels.c: same arguments,
   same output. Build: gcc -O2 -fopenmp pixels.c

   The two halves of a range of rows are tasks down to bands of at least
   TASK_ROWS rows. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BAND 16 /* rows a band holds before it is halved */
#define TASK_ROWS 64

/* Contrast: each channel byte but alpha spread from the middle, clamped. */
static void contrast(uint32_t *img, int lo, int hi, int w) {
  unsigned char *p = (unsigned char *)(img + (size_t)lo * w);
  size_t n = (size_t)(hi - lo) * w * 4;
  for (size_t i = 0; i < n; i++) {
    if (i % 4 == 3)
      continue;
    int v = (p[i] - 128) * 5 / 4 + 128;
    p[i] = (unsigned char)(v < 0 ? 0 : v > 255 ? 255 : v);
  }
}

/* Grey levels of rows lo..hi-1, from each pixel's bytes. */
static void grey(const uint32_t *img, unsigned char *g, int lo, int hi, int w) {
  for (int y = lo; y < hi; y++) {
    const unsigned char *px = (const unsigned char *)&img[(size_t)y * w];
    for (int x = 0; x < w; x++)
      g[(size_t)y * w + x] =
          (unsigned char)((px[4 * x] * 77 + px[4 * x + 1] * 150 + px[4 * x + 2] * 29) >> 8);
  }
}

/* A 3-tap blur of each row's grey levels, in place: the level left of the
   current one is kept from before it was overwritten. */
static void blur(unsigned char *g, int lo, int hi, int w) {
  for (int y = lo; y < hi; y++) {
    unsigned char *r = g + (size_t)y * w;
    int left = r[0];
    for (int x = 1; x < w - 1; x++) {
      int here = r[x];
      r[x] = (unsigned char)((left + 2 * here + r[x + 1]) / 4);
      left = here;
    }
  }
}

/* Rows lo..hi-1: contrast, grey levels, blur; halved until a band. */
static void filter(uint32_t *img, unsigned char *g, int lo, int hi, int w) {
  if (hi - lo > BAND) {
    int mid = lo + (hi - lo) / 2;
#pragma omp task if (hi - lo >= TASK_ROWS)
    filter(img, g, lo, mid, w);
    filter(img, g, mid, hi, w);
#pragma omp taskwait
    return;
  }
  contrast(img, lo, hi, w);
  grey(img, g, lo, hi, w);
  blur(g, lo, hi, w);
}

static unsigned long long next_random(unsigned long long *state) {
  unsigned long long x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

int main(int argc, char **argv) {
  int w = argc > 1 ? atoi(argv[1]) : 640;
  int h = argc > 2 ? atoi(argv[2]) : 480;
  unsigned long long seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
  if (argc > 4 || w < 3 || w > 20000 || h < 1 || h > 20000 || seed == 0) {
    fprintf(stderr, "usage: pixels [W [H [SEED]]] with 3 <= W <= 20000, 1 <= H <= 20000 and "
                    "SEED > 0\n");
    return 2;
  }
  size_t n = (size_t)w * h;
  uint32_t *img = malloc(n * sizeof *img);
  unsigned char *g = malloc(n);
  if (!img || !g) {
    fprintf(stderr, "pixels: out of memory for %d x %d\n", w, h);
    return 1;
  }
  /* A smooth picture with noise: channels from the position and the seed. */
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      unsigned noise = (unsigned)(next_random(&seed) % 32);
      unsigned char px[4] = {(unsigned char)((x * 255 / w + noise) & 255),
                             (unsigned char)((y * 255 / h + noise) & 255),
                             (unsigned char)(((x + y) * 127 / (w + h) + 64 + noise) & 255), 255};
      memcpy(&img[(size_t)y * w + x], px, 4);
    }

#pragma omp parallel
#pragma omp single
  filter(img, g, 0, h, w);

  unsigned long long sum_px = 0, sum_g = 0;
  long bins[8] = {0};
  const unsigned char *bytes = (const unsigned char *)img;
  for (size_t i = 0; i < n * 4; i++)
    sum_px = (sum_px * 131 + bytes[i]) % 1000000007ULL;
  for (size_t i = 0; i < n; i++) {
    sum_g = (sum_g * 131 + g[i]) % 1000000007ULL;
    bins[g[i] / 32]++;
  }
  printf("image %d x %d\n", w, h);
  printf("pixel checksum %llu grey checksum %llu\n", sum_px, sum_g);
  printf("grey histogram:");
  for (int b = 0; b < 8; b++)
    printf(" %ld", bins[b]);
  printf("\n");
  free(img);
  free(g);
  return 0;
}
