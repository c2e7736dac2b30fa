/* OpenMP-tasks reference version of examples/mandel/mandel.c: same
   arguments, same output. Build: gcc -O2 -fopenmp mandel.c

   Renders the Mandelbrot set into a WIDTH x HEIGHT image of escape counts and
   prints a histogram of the counts in eight bands and a checksum of the image.

   usage: mandel [WIDTH [HEIGHT [ITERATIONS]]]   (defaults: 640 480 2000;
                                                  each from 1 to 20000)

   render() draws a band of rows into the image through a pointer to its
   first pixel. A band of more than eight rows is drawn in two halves: the
   upper one first, then the pointer moves past it to the lower one, as
   code that walks an image with a cursor is written. */
#include <stdio.h>
#include <stdlib.h>

enum { BAND = 8, BANDS = 8 };

/* The escape count of the point (cr, ci), at most limit. */
static int escape(double cr, double ci, int limit) {
  double zr = 0.0, zi = 0.0;
  int k = 0;
  while (k < limit && zr * zr + zi * zi <= 4.0) {
    double t = zr * zr - zi * zi + cr;
    zi = 2.0 * zr * zi + ci;
    zr = t;
    k++;
  }
  return k;
}

/* Draws rows y0 .. y0 + rows - 1 of the image into out, row by row. */
static void render(int *out, int y0, int rows, int width, int height, int limit) {
  int half;
  if (rows <= BAND) {
    int y, x;
    for (y = 0; y < rows; y++)
      for (x = 0; x < width; x++)
        out[y * width + x] = escape(-2.2 + 3.2 * x / width,
                                    -1.2 + 2.4 * (y0 + y) / height, limit);
    return;
  }
  half = rows / 2;
#pragma omp task
  render(out, y0, half, width, height, limit);
  out += half * width;
  render(out, y0 + half, rows - half, width, height, limit);
#pragma omp taskwait
}

static int argument(int argc, char **argv, int i, int fallback) {
  if (argc <= i)
    return fallback;
  int v = atoi(argv[i]);
  if (v < 1 || v > 20000) {
    fprintf(stderr, "mandel: argument %d must be from 1 to 20000\n", i);
    exit(2);
  }
  return v;
}

int main(int argc, char **argv) {
  int width = argument(argc, argv, 1, 640);
  int height = argument(argc, argv, 2, 480);
  int limit = argument(argc, argv, 3, 2000);
  long counts[BANDS] = {0};
  unsigned long long sum = 0;
  int *image = malloc((size_t)width * height * sizeof *image);
  if (!image) {
    fprintf(stderr, "mandel: out of memory\n");
    return 1;
  }
#pragma omp parallel
#pragma omp single
  render(image, 0, height, width, height, limit);
  for (long i = 0; i < (long)width * height; i++) {
    counts[(long)image[i] * BANDS / (limit + 1)]++;
    sum = sum * 31 + (unsigned long long)image[i];
  }
  for (int b = 0; b < BANDS; b++)
    printf("band %d: %ld\n", b, counts[b]);
  printf("checksum %llu\n", sum);
  free(image);
  return 0;
}
